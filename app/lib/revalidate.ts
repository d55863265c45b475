import type { ShouldRevalidateFunction } from 'react-router';

/**
 * For routes whose data is site content: it does not change while a visitor moves about (the landing
 * page's modals and `?section=` links navigate to the same page), so only a form submission reloads it.
 */
export const revalidateOnlyAfterForms: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;
