// Where long text is cut on first render, so a megabyte of model output does not freeze the page.
export const TEXT_LIMIT = 20_000;

export function truncateText(text: string, limit = TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  const last = text.charCodeAt(limit - 1);
  // Cutting after a high surrogate would leave half an emoji on screen.
  const cut = last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
  return text.slice(0, cut);
}
