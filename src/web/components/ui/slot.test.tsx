import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Slot } from './slot';

describe('Slot', () => {
  it('renders its child with the slot’s props merged in, the child’s own winning', () => {
    const html = renderToStaticMarkup(
      <Slot className="btn" aria-haspopup="dialog" title="slot" style={{ color: 'red', margin: 0 }}>
        <a href="/x" className="link" title="child" style={{ color: 'blue' }}>
          x
        </a>
      </Slot>,
    );
    expect(html).toBe(
      '<a href="/x" class="btn link" title="child" style="color:blue;margin:0" aria-haspopup="dialog">x</a>',
    );
  });

  it('calls the child’s handler first, then the slot’s, and sets both refs', () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLButtonElement>();
    // forwardRef keeps the render function: call it to get the element the slot renders.
    const render = (Slot as unknown as { render: (props: object, ref: unknown) => unknown }).render;
    const el = render(
      { onClick: () => calls.push('slot'), children: <button ref={childRef} onClick={() => calls.push('child')} /> },
      slotRef,
    ) as { props: { onClick: () => void; ref: (n: unknown) => void } };
    el.props.onClick();
    expect(calls).toEqual(['child', 'slot']);
    const node = { tag: 'button' };
    el.props.ref(node);
    expect(slotRef.current).toBe(node);
    expect(childRef.current).toBe(node);
  });
});
