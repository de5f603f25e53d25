package io.spinneret.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class FileErrorsTest {
    @Test
    void aFileSystemErrorSaysWhatHappenedAndToWhichFile() {
        assertEquals("no such file or directory (/x)", FileErrors.describe(new NoSuchFileException("/x")));
        assertEquals("permission denied (/x)", FileErrors.describe(new AccessDeniedException("/x")));
        assertEquals("a file is in the way (/x)", FileErrors.describe(new FileAlreadyExistsException("/x")));
        assertEquals(
                "Not a directory (/x)", FileErrors.describe(new FileSystemException("/x", null, "Not a directory")));
        assertEquals("disk full", FileErrors.describe(new IOException("disk full")));
    }
}
