import { zod4Resolver as resolve } from 'mantine-form-zod-resolver';
import { translateText } from '../../shared/messages/localize';

/**
 * Form validation from a shared schema, its messages in the active language: the schemas hold
 * the Turkish catalogue texts they were built with, translated here as they are shown.
 */
export function zod4Resolver(...args: Parameters<typeof resolve>): ReturnType<typeof resolve> {
  const validate = resolve(...args);
  return (values) => {
    const errors = validate(values);
    for (const key of Object.keys(errors)) {
      const message = errors[key];
      if (typeof message === 'string') errors[key] = translateText(message);
    }
    return errors;
  };
}
