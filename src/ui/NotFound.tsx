// What a visitor sees at an address that leads nowhere: the 404 page's body. A page of its own at unknown paths
// (site/errors/NotFoundPage.tsx), and what a feature's page renders for a post, a listing page or a service that does
// not exist, so it lives here, where every page may import it.
import { paths } from '../shared/paths';
import { ButtonLink } from './Button';
import { Container } from './Container';
import { colors, fontSizes, space } from './theme';

const NOT_FOUND_HEADING = '404 - Page Not Found';
const NOT_FOUND_TEXT = "The page you're looking for doesn't exist.";

export function NotFound() {
  return (
    <Container css={{ paddingBlock: space.xxxl, textAlign: 'center' }}>
      <h1 css={{ fontSize: fontSizes.xxl }}>{NOT_FOUND_HEADING}</h1>
      <p css={{ color: colors.textMuted, fontSize: fontSizes.lg }}>{NOT_FOUND_TEXT}</p>
      <ButtonLink to={paths.home}>Go Home</ButtonLink>
    </Container>
  );
}
