package io.spinneret.disk;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** Error messages for failed file operations: a file-system exception's own message is only the path. */
public final class FileErrors {
    private FileErrors() {}

    /** What happened, and to which file: {@code permission denied (/x)}; other exceptions' messages as they are. */
    public static String describe(Exception e) {
        if (e instanceof FileSystemException f) {
            String what = f instanceof NoSuchFileException
                    ? "no such file or directory"
                    : f instanceof AccessDeniedException
                            ? "permission denied"
                            : f instanceof FileAlreadyExistsException
                                    ? "a file is in the way"
                                    : f.getReason() != null
                                            ? f.getReason()
                                            : f.getClass().getSimpleName();
            return what + " (" + f.getFile() + ")";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
