/**
 * lucide-react's `createLucideIcon`, drawn the short way (ADR 033). The build points every lucide icon module at this
 * file (vite.config.ts, `fastLucideIcons`), so `import { Play } from 'lucide-react'` stays as it is everywhere.
 *
 * lucide-react 1.x builds each icon's attribute object and children anew on every render (object spreads, an
 * `Object.entries` reduce, class-name sets, a context read): a venue mix draws ~500 icons, and that was a tenth of its
 * script time on a phone. Here an icon's path elements are made once, when its module loads, and a render is one
 * `createElement`. The markup is lucide's: the same attributes and classes, `aria-hidden="true"` unless the icon
 * gets an accessible prop (any aria-*, role or title) or children. The app uses no `LucideProvider`, so there is no
 * context to read; `size`, `color` and `strokeWidth` keep lucide's meaning (absolute stroke widths are not used).
 */
import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

type IconNode = ReadonlyArray<readonly [string, Record<string, string | number>]>;

interface IconData {
  name?: string;
  node: IconNode;
  size?: number;
  width?: number;
  height?: number;
  aliases?: ReadonlyArray<string | { name: string }>;
}

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  size?: number | string;
  color?: string;
  strokeWidth?: number | string;
  children?: ReactNode;
}

const toKebabCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** lucide's rule: an icon with any of these is not hidden from assistive technology. */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const prop in props) {
    if ((prop.startsWith('aria-') || prop === 'role' || prop === 'title') && props[prop] != null) return true;
  }
  return false;
}

export default function createLucideIcon(
  iconDataOrName: IconData | string,
  iconNode: IconNode = [],
  aliases: string[] = [],
) {
  const data: IconData =
    typeof iconDataOrName === 'string'
      ? { name: toKebabCase(iconDataOrName), node: iconNode, aliases }
      : iconDataOrName;
  const width = data.size ?? data.width ?? 24;
  const height = data.size ?? data.height ?? 24;
  const viewBox = `0 0 ${width} ${height}`;
  const base = [
    'lucide',
    ...(data.name ? [`lucide-${data.name}`] : []),
    ...(data.aliases ?? []).flatMap((a) => (typeof a === 'string' && a.trim() ? [`lucide-${a}`] : [])),
  ].join(' ');
  const children = data.node.map(([tag, attrs]) => createElement(tag, attrs));

  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { className, size, color, strokeWidth, children: extra, ...rest },
    ref,
  ) {
    const hidden = extra == null && !hasA11yProp(rest);
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: size ?? 24,
        height: size ?? 24,
        viewBox,
        fill: 'none',
        stroke: color ?? 'currentColor',
        strokeWidth: strokeWidth ?? 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `${base} ${className}` : base,
        ...(hidden ? { 'aria-hidden': 'true' } : {}),
        ...rest,
      },
      ...children,
      extra,
    );
  });
  if (data.name) Icon.displayName = data.name.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
  return Icon;
}

export { createLucideIcon };
