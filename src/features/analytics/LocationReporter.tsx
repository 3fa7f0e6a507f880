// Tells the store where the router is, after the page's <title> has been updated (mount it after RouteMeta).
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../shared/hooks';
import { locationChanged } from './analyticsSlice';

export function LocationReporter() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(locationChanged({ path: pathname, title: document.title }));
  }, [pathname, dispatch]);
  return null;
}
