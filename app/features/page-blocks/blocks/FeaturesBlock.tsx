import type { BlockOf } from '#shared/page-blocks.ts';

/** A grid of features: four across on a wide screen, two on a tablet, one on a phone. */
export function FeaturesBlock({ block, anchor }: { block: BlockOf<'features'>; anchor: string }) {
  if (block.items.length === 0 && !block.heading) return null;
  return (
    <section
      id={anchor}
      className="page-block section-alt"
      aria-labelledby={block.heading ? `${anchor}-title` : undefined}
    >
      <div className="container">
        {block.heading ? (
          <h2 id={`${anchor}-title`} className="page-block-title text-center mb-4">
            {block.heading}
          </h2>
        ) : null}
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-4 list-unstyled mb-0">
          {block.items.map((item, index) => (
            <li key={index} className="col">
              <article className="page-feature card h-100">
                <div className="card-body">
                  {/* An emoji or a short mark: decoration, the title says what it is. */}
                  {item.icon ? (
                    <span className="page-feature-icon" aria-hidden="true">
                      {item.icon}
                    </span>
                  ) : null}
                  {block.heading ? (
                    <h3 className="h5 card-title">{item.title}</h3>
                  ) : (
                    <h2 className="h5 card-title">{item.title}</h2>
                  )}
                  {item.text ? <p className="card-text mb-0">{item.text}</p> : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
