import fs from 'node:fs/promises';
import { create, extract } from 'tar';

/**
 * The archive is a plain tar.gz, so a person can also look into it with `tar tzf`. It is written under a
 * temporary name and renamed when complete: a failed backup never leaves a file that looks whole.
 */
export async function packFolder(folder: string, out: string): Promise<void> {
  const partial = `${out}.partial`;
  try {
    // Made before tar writes into it: the archive holds the link secret and preview tokens, so it is the
    // owner's alone (0600) from its first byte, whatever the umask (tar keeps an existing file's mode).
    await fs.writeFile(partial, '', { mode: 0o600 });
    await fs.chmod(partial, 0o600);
    await create({ gzip: true, file: partial, cwd: folder, portable: true }, await fs.readdir(folder));
    await fs.rename(partial, out);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/** Unpacks into `folder`; tar refuses absolute paths and `..` (an archive cannot write outside it). */
export async function unpackInto(archive: string, folder: string): Promise<void> {
  await extract({ file: archive, cwd: folder, strict: true });
}
