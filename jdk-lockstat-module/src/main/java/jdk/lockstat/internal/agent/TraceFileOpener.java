package jdk.lockstat.internal.agent;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Opens the trace file for writing, owner-only: a trace names threads, classes and methods. Never
 * deletes anything: an existing file is truncated (as JFR and unified logging do), a directory is
 * refused.
 */
final class TraceFileOpener {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private TraceFileOpener() {}

    static FileChannel open(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            throw new IOException("it is a directory");
        }
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        try {
            if (posix) {
                FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(OWNER_ONLY);
                return FileChannel.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), ownerOnly);
            }
            return FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            if (posix) {
                try {
                    Files.setPosixFilePermissions(path, OWNER_ONLY);
                } catch (IOException | UnsupportedOperationException notOwner) {
                    // someone else's file we may write: keep its permissions
                }
            }
            return channel;
        }
    }
}
