package jdk.lockstat.internal.agent;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/** Opens the trace file for writing, owner-only: a trace names threads, classes and methods. */
final class TraceFileOpener {
    private TraceFileOpener() {}

    static FileChannel open(Path path) throws IOException {
        Files.deleteIfExists(path);   // a fresh file gets the permissions below, whatever was there
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
            return FileChannel.open(path, java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), ownerOnly);
        }
        return FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }
}
