import type { FieldDef } from '#shared/sections.ts';

/** The admin control of a registry field: its kind's own, unless the field asks for a plain textarea. */
export type Control = 'text' | 'textarea' | 'rich' | 'image';

export function controlOf(field: FieldDef): Control {
  if (field.input === 'textarea') return 'textarea';
  if (field.kind === 'rich' || field.kind === 'image') return field.kind;
  return 'text';
}
