/**
 * A probe for the tests of rendering in slices (happy-dom files): a screen of components that each keep the CPU for a
 * millisecond — far longer in all than React's 5 ms slice — led by one that queues a task as the render starts. That
 * task runs at the render's first pause, or after the render when it has none: `renderedWhenTimerRan()` then tells a
 * sliced render (fewer than `count`) from one long task (all of them).
 */
export function slicedRenderProbe(count: number) {
  let rendered = 0;
  let renderedWhenTimerRan = -1;
  function First() {
    if (renderedWhenTimerRan === -1) setTimeout(() => (renderedWhenTimerRan = rendered), 0);
    return null;
  }
  function Counted() {
    rendered += 1;
    return <Busy />;
  }
  const screen = (
    <>
      <First />
      {Array.from({ length: count }, (_, i) => (
        <Counted key={i} />
      ))}
    </>
  );
  return { screen, renderedWhenTimerRan: () => renderedWhenTimerRan };
}

/** A component that keeps the CPU for a millisecond, then draws a `<span>`. */
export function Busy() {
  const until = performance.now() + 1;
  while (performance.now() < until) {
    /* rendering */
  }
  return <span />;
}
