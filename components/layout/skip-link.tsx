/** "Skip to content": the first thing a keyboard reaches, shown only while focused; leads to `<main id="content">`. */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only z-50 rounded-md bg-neutral-900 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
