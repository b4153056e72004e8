import { Button, PasswordInput, Stack, TextInput, type ButtonProps, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAt, IconLock } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { M } from '../../../shared/messages/public';
import type { PasswordVisibility } from './passwordVisibility';

/**
 * The auth pages' form (sign-in, sign-up, forgot, reset, admin login): the browser's own
 * validation off (the Turkish messages come from the schema), the fields, one full-width submit
 * button, and what follows it (a link back).
 */
export function AuthForm(props: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pending: boolean;
  /** The gradient brand button on the seller's pages; the admin login's is plain. */
  variant?: ButtonProps['variant'];
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="md">
        {props.children}
        <Button type="submit" size="md" variant={props.variant ?? 'gradient'} fullWidth loading={props.pending}>
          {props.submitLabel}
        </Button>
        {props.after}
      </Stack>
    </form>
  );
}

/** The required e-mail field with the @ icon; spread `form.getInputProps('email')` into it. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label={M.auth.email}
      placeholder={M.auth.emailPlaceholder}
      type="email"
      autoComplete="email"
      withAsterisk
      leftSection={<IconAt size={16} stroke={1.7} />}
      {...props}
    />
  );
}

/** A required password field with the lock icon and the shared show/hide toggle. */
export function PasswordField({ visibility, ...props }: PasswordInputProps & { visibility: PasswordVisibility }) {
  return (
    <PasswordInput
      withAsterisk
      leftSection={<IconLock size={16} stroke={1.7} />}
      visible={visibility.visible}
      onVisibilityChange={visibility.toggle}
      visibilityToggleButtonProps={{ 'aria-label': visibility.visible ? M.auth.hidePassword : M.auth.showPassword }}
      {...props}
    />
  );
}

/** A new password and its repetition (sign-up, reset), sharing one show/hide toggle. */
export function NewPasswordFields<T extends { password: string; confirmPassword: string }>(props: {
  form: UseFormReturnType<T>;
  visibility: PasswordVisibility;
  labels: { password: string; repeat: string };
}) {
  const { form, visibility, labels } = props;
  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        visibility={visibility}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={labels.repeat}
        autoComplete="new-password"
        visibility={visibility}
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
