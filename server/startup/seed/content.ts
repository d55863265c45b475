import type { SiteContent } from '#shared/schemas/content.ts';

type Images = {
  portfolio: string[];
  services: string[];
  about: string[];
  team: string[];
};

/** Demo copy for a software and product-delivery company; every section filled (docs/product.md#overview). */
export function demoContent(
  siteName: string,
  img: Images,
): Omit<{ [K in keyof SiteContent]: Omit<SiteContent[K], '_id'> }, never> {
  return {
    banner: {
      title: 'We turn ideas into products people love',
      subTitle: `${siteName} · Product engineering studio`,
      description:
        '<p>From the first sketch to a product in the hands of thousands: strategy, design, engineering and delivery under one roof.</p>',
      modalTitle: 'How we work with you',
      modalLeftContent:
        '<h4>Discover</h4><p>We start with a two-week discovery: we meet your users, map the problem and agree on what success looks like.</p><ul><li>User interviews and analytics review</li><li>Technical audit of what you already have</li><li>A roadmap with clear milestones</li></ul>',
      modalRightContent:
        '<h4>Deliver</h4><p>Small, senior teams ship working software every two weeks, with demos you can click and numbers you can check.</p><ul><li>Fixed team, transparent cost</li><li>Automated tests and continuous delivery</li><li>Support after launch</li></ul>',
    },
    product: {
      title: 'Product Delivery',
      description:
        '<p>A delivery process tuned over a decade of launches: predictable, measurable and built around your business goals.</p>',
      items: [
        {
          title: 'Discovery & Strategy',
          description: 'Workshops, user research and a prioritised roadmap before a single line of code.',
        },
        {
          title: 'Design & Prototyping',
          description: 'Clickable prototypes tested with real users, and a design system your team can grow.',
        },
        {
          title: 'Agile Engineering',
          description: 'Two-week sprints, code review, automated tests and a demo at the end of every sprint.',
        },
        {
          title: 'Launch & Growth',
          description: 'Release management, monitoring and analytics so the product keeps improving after launch.',
        },
      ],
    },
    portfolio: {
      title: 'Our Portfolio',
      description: '<p>A selection of products we designed, built and still help to run.</p>',
      items: [
        { image_url: img.portfolio[0]!, product_link: 'https://example.com/fleetwise' },
        { image_url: img.portfolio[1]!, product_link: 'https://example.com/clinicflow' },
        { image_url: img.portfolio[2]!, product_link: 'https://example.com/greenledger' },
        { image_url: img.portfolio[3]!, product_link: 'https://example.com/shopkite' },
        { image_url: img.portfolio[4]!, product_link: 'https://example.com/learnloop' },
      ],
    },
    services: {
      title: 'Our Services',
      items: [
        {
          title: 'Web Applications',
          description: 'Fast, accessible web apps built with modern, well-supported technology.',
          modal_description:
            '<p>We build web applications that load fast on any device and are easy to change: React on the front, typed APIs on the back, and automated tests throughout.</p><ul><li>Single-page and server-rendered apps</li><li>Customer portals and dashboards</li><li>Accessibility to WCAG 2.1 AA</li></ul>',
          modal_img: img.services[0]!,
        },
        {
          title: 'Mobile Apps',
          description: 'Native-quality iOS and Android apps from a single, maintainable code base.',
          modal_description:
            '<p>Our mobile team ships apps that feel at home on every phone, with offline support, push notifications and store releases handled for you.</p>',
          modal_img: img.services[1]!,
        },
        {
          title: 'Cloud & DevOps',
          description: 'Infrastructure as code, CI/CD pipelines and monitoring that let you ship daily.',
          modal_description:
            '<p>We set up reliable, cost-aware cloud platforms: automated deployments, backups, alerting and security reviews included.</p>',
          modal_img: img.services[2]!,
        },
        {
          title: 'UX & Product Design',
          description: 'Research-led design that turns complex workflows into simple, delightful screens.',
          modal_description:
            '<p>From user research to pixel-perfect interfaces and a living design system, we design products people understand on first use.</p>',
          modal_img: img.services[3]!,
        },
      ],
    },
    aboutus: {
      items: [
        {
          title: '<h3>Who we are</h3>',
          description: `<p>${siteName} is a team of 40 engineers, designers and product managers who have shipped more than 120 products since 2012. We work with start-ups finding their market and with established companies renewing their software.</p>`,
          image_url: img.about[0]!,
        },
        {
          title: '<h3>What drives us</h3>',
          description:
            '<p>We believe good software is built by small teams who talk to users, measure results and take pride in their craft. Every project gets senior people, honest estimates and a product that keeps working after we hand it over.</p>',
          image_url: img.about[1]!,
        },
      ],
    },
    team: {
      title: 'Meet Our Team',
      items: [
        { title: 'Amelia Carter', description: 'Chief Executive Officer', image_url: img.team[0]! },
        { title: 'Rahul Mehta', description: 'Head of Engineering', image_url: img.team[1]! },
        { title: 'Sofia Lindqvist', description: 'Lead Product Designer', image_url: img.team[2]! },
        { title: 'Daniel Okafor', description: 'Delivery Manager', image_url: img.team[3]! },
      ],
    },
    social: {
      facebook_link: 'https://www.facebook.com/',
      twitter_link: 'https://twitter.com/',
      linkedin_link: 'https://www.linkedin.com/',
      youtube_link: 'https://www.youtube.com/',
      github_link: 'https://github.com/',
    },
    privacyPolicy: {
      privacy_policy_text: `<h4>Privacy Policy</h4><p>${siteName} respects your privacy. This policy explains what personal data we collect through this website and how we use it.</p><h5>What we collect</h5><ul><li>The name, e-mail address and message you send us through the contact form.</li><li>Your e-mail address when you subscribe to blog updates.</li></ul><h5>How we use it</h5><p>We use your data only to answer your message or to send the updates you asked for. We do not sell or share it with third parties for marketing.</p><h5>Your rights</h5><p>You can ask us at any time to see, correct or delete your data, and you can unsubscribe from every e-mail with one click.</p>`,
      terms_and_conditions_text: `<h4>Terms and Conditions</h4><p>By using this website you agree to these terms.</p><h5>Content</h5><p>All content on this website is provided for general information and belongs to ${siteName} unless stated otherwise. You may share links to it freely.</p><h5>Liability</h5><p>We take care that the information here is correct, but we cannot guarantee that it is complete or up to date, and we are not liable for decisions made on it.</p><h5>Changes</h5><p>We may update these terms; the version published here applies.</p>`,
    },
  };
}
