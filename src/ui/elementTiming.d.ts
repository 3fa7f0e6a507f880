// The Element Timing API's attribute (https://wicg.github.io/element-timing/), which React passes
// through as it is but its types do not list.
import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats React's type parameter
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
