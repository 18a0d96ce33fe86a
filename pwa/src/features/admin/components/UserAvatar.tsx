import { useState } from 'react';
import { mediaUrl } from '../lib/admin-format';

export const DEFAULT_AVATAR = '/default-avatar.png';

/** The account's picture, or the default avatar when there is none or it fails to load (product §3). */
export function UserAvatar({ path, alt }: { path: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const src = path && !failed ? mediaUrl(path) : DEFAULT_AVATAR;
  return (
    <img
      src={src}
      alt={alt}
      width={44}
      height={44}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-11 shrink-0 rounded-full bg-slate-100 object-cover ring-2 ring-white shadow-sm"
    />
  );
}
