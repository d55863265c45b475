import type { BlogService } from '#server/modules/blog/service.ts';

/** The demo posts' titles: a site whose only posts are these is still new (a site export may be restored into it). */
export const DEMO_POST_TITLES = [
  'Shipping every two weeks without the drama',
  'CI/CD for teams of five',
  'Designing onboarding that people finish',
  'What we learned from 120 product launches',
];

/** A few demo articles in two categories and one without, so the blog looks alive on a fresh start. */
export async function seedBlog(blog: BlogService, images: string[]) {
  const engineering = await blog.saveCategory({ name: 'Engineering' });
  const design = await blog.saveCategory({ name: 'Product Design' });
  const posts = [
    {
      title: 'Shipping every two weeks without the drama',
      excerpt:
        'How small, senior teams keep a steady release rhythm: automated tests, feature flags and demos that matter.',
      blogCategory: engineering._id,
      content:
        '<p>Releasing often is less about speed than about small, safe steps. Here is the routine our teams follow.</p><h2>Automate the boring parts</h2><p>Every change runs the full test suite and deploys to a staging site that looks like production.</p><table><thead><tr><th>Step</th><th>Who</th><th>When</th></tr></thead><tbody><tr><td>Code review</td><td>Peer engineer</td><td>Every change</td></tr><tr><td>Demo</td><td>Whole team</td><td>End of sprint</td></tr><tr><td>Release</td><td>Delivery manager</td><td>Every other week</td></tr></tbody></table><h2>Hide what is not ready</h2><p>Feature flags let unfinished work ship dark, so the release train never waits.</p>',
    },
    {
      title: 'CI/CD for teams of five',
      excerpt:
        'A pipeline you can set up in a day and keep for years: what we automate first and what we leave for later.',
      blogCategory: engineering._id,
      content:
        '<p>You do not need a platform team to get continuous delivery right. Start with three stages: build, test, deploy.</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Pipeline walkthrough" width="560" height="315" allowfullscreen></iframe><p>Then add what hurts most: usually database migrations and preview environments.</p>',
    },
    {
      title: 'Designing onboarding that people finish',
      excerpt: 'Five patterns from our research that turned a 30% onboarding completion rate into 78%.',
      blogCategory: design._id,
      content:
        '<p>Most onboarding asks too much too soon. We tested five changes with real users.</p><ol><li>Ask one question per screen.</li><li>Show progress honestly.</li><li>Let people skip and come back.</li><li>Use their words, not ours.</li><li>Celebrate the first success.</li></ol>',
    },
    {
      title: 'What we learned from 120 product launches',
      excerpt: 'Twelve years of launches distilled: the habits that make products succeed after the first release.',
      blogCategory: null,
      content:
        '<p>Launch day is the start, not the finish. The products that thrived all had a plan for the weeks after launch: analytics in place, a support rota and a backlog of small improvements.</p><blockquote><p>Measure what users do, not what they say they will do.</p></blockquote>',
    },
  ];
  for (const [index, post] of posts.entries()) {
    // (A restored site export replaces these: DEMO_POST_TITLES.)
    // Demo posts are published on a new site, before anyone can subscribe: nothing to e-mail.
    await blog.createPost({ ...post, featureImage: images[index % images.length]!, sendNewsletter: false });
  }
}
