import type { ComponentPropsWithoutRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { installRequested, selectCanInstall } from './connectivitySlice';

type Props = Omit<ComponentPropsWithoutRef<'button'>, 'onClick' | 'type' | 'children'>;

/**
 * Offers the browser's install prompt. Renders nothing until the browser has offered one, which only
 * happens after start: the server render and the first client render never show it.
 */
export function InstallButton(props: Props) {
  const canInstall = useAppSelector(selectCanInstall);
  const dispatch = useAppDispatch();
  if (!canInstall) return null;
  return (
    <button type="button" {...props} onClick={() => dispatch(installRequested())}>
      Install app
    </button>
  );
}
