// Page views, nothing stored in the browser: docs/decisions/0040-analytics.md
(function(){var d=document,l=location,h=history,last,t;
function send(k,r){try{if(localStorage.getItem('isLoggedIn')==='true')return}catch(e){/* a visitor */}
navigator.sendBeacon('/api/seen',JSON.stringify({k:k,p:l.pathname+l.search,r:r||null}))}
function view(r){var p=l.pathname+l.search;if(p===last)return;last=p;send('view',r);clearTimeout(t);
t=setTimeout(function(){var e=d.querySelector('[data-read-end]');if(!e||!window.IntersectionObserver)return;
var o=new IntersectionObserver(function(x){if(x[0].isIntersecting){o.disconnect();if(last===p)send('read')}});o.observe(e)},500)}
function go(){setTimeout(function(){view(d.referrer)})}
if(d.prerendering)d.addEventListener('prerenderingchange',go,{once:true});
else if(d.readyState==='complete')go();else addEventListener('load',go);
var push=h.pushState;h.pushState=function(){var f=l.href;push.apply(h,arguments);view(f)};
addEventListener('popstate',function(){view(l.href)})})();
