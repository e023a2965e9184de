// Library sources live in the subfolders; this file keeps the library non-empty until they do.
