import { createContext, useContext } from 'react';

/**
 * Where pages load uploads from: '' for the site's own `/uploads/`, or the CDN in front of the bucket
 * (S3_PUBLIC_URL). The public layout provides it from the server's site info.
 */
export const MediaBaseContext = createContext('');
export const useMediaBase = () => useContext(MediaBaseContext);
