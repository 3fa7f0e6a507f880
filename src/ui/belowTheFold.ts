// For a section that starts below a phone's first screen (issue #21): the browser skips its style, layout and
// paint until it comes near the viewport. On /, the sections under the hero are ~600 of the page's ~1,000 layout
// objects; laid out at once, they made the page's first layouts after the first paint long tasks before any script
// ran. The section stays in the accessibility tree and in find-in-page, and is rendered for a link to its id.
//
// `auto 640px`: until its first rendering the section counts as 640 px tall (the scrollbar's estimate); once
// rendered, the browser remembers its real height. Its content is contained: nothing in it may be position: fixed
// or draw outside its box (shadows and focus rings sit inside the section's padding).
export const belowTheFold = { contentVisibility: 'auto', containIntrinsicSize: 'auto 640px' } as const;
