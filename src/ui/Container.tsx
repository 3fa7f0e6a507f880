import styled from '@emotion/styled';
import { layout, space } from './theme';

export const Container = styled.div({
  width: '100%',
  maxWidth: layout.maxWidth,
  marginInline: 'auto',
  paddingInline: space.md,
  '@media (min-width: 768px)': { paddingInline: space.lg },
});
