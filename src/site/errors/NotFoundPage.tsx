import { paths } from '../../app/paths';
import { notFoundMeta } from '../../app/meta';
import type { RouteHandle } from '../../app/meta';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { colors, fontSizes, space } from '../../ui/theme';

export const NOT_FOUND_HEADING = '404 - Page Not Found';
export const NOT_FOUND_TEXT = "The page you're looking for doesn't exist.";

export function NotFound() {
  return (
    <Container css={{ paddingBlock: space.xxxl, textAlign: 'center' }}>
      <h1 css={{ fontSize: fontSizes.xxl }}>{NOT_FOUND_HEADING}</h1>
      <p css={{ color: colors.textMuted, fontSize: fontSizes.lg }}>{NOT_FOUND_TEXT}</p>
      <ButtonLink to={paths.home}>Go Home</ButtonLink>
    </Container>
  );
}

export const Component = NotFound;
export const handle: RouteHandle = { meta: () => notFoundMeta };
