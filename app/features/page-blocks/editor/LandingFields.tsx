import type { BlockFieldsProps } from './block-fields-props';
import { SelectInput } from './fields';

const SECTIONS = [
  { value: 'team', label: 'Team' },
  { value: 'services', label: 'Services' },
  { value: 'portfolio', label: 'Portfolio' },
] as const;

/** Which landing section to show; its content is edited where the landing page's is. */
export function LandingFields({ block, onChange }: BlockFieldsProps<'landing'>) {
  return (
    <>
      <SelectInput
        path="section"
        label="Section"
        value={block.section}
        options={SECTIONS}
        onChange={(section) => onChange({ ...block, section })}
      />
      <p className="small text-body-secondary mb-0">
        Shows the section as the landing page does, from the same content (Landing page in the sidebar).
      </p>
    </>
  );
}
