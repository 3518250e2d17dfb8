/** The Radix side of ./dropdown-menu.tsx, loaded when a menu is first approached or opened. */
export { DropdownMenu } from 'radix-ui';
