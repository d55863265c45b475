// No cookie, no storage: docs/decisions/0040-analytics.md
(()=>{const d=document,l=location,h=history,n=navigator;let last,t,o;
const send=(k,r)=>{try{if(localStorage.getItem('isLoggedIn')!=='true'&&n.sendBeacon)
n.sendBeacon('/api/seen',JSON.stringify({k,p:l.pathname+l.search,r:r||null}))}catch{/* quiet */}};
const view=(r)=>{const p=l.pathname+l.search;if(p===last)return;last=p;send('view',r);clearTimeout(t);o&&o.disconnect();
t=setTimeout(()=>{const e=d.querySelector('[data-read-end]');if(!e||!self.IntersectionObserver)return;
o=new IntersectionObserver((x)=>{if(x[0].isIntersecting){o.disconnect();if(last===p)send('read')}});o.observe(e)},500)};
const go=()=>setTimeout(()=>view(d.referrer));
if(d.prerendering)d.addEventListener('prerenderingchange',go,{once:true});
else if(d.readyState==='complete')go();else addEventListener('load',go);
const push=h.pushState;h.pushState=function(...a){const f=l.href;push.apply(h,a);try{view(f)}catch{/* quiet */}};
addEventListener('popstate',()=>view(l.href))})();
