/** docs/product.md §2: one show/hide toggle shared by every password field on the auth page. */
export interface PasswordVisibility {
  visible: boolean;
  toggle: () => void;
}
