/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.internal.recorder;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Opens the trace file for writing, owner-only: a trace names threads, classes and methods. Never
 * deletes anything: an existing file is truncated (as JFR and unified logging do), a directory is
 * refused, and so is a symbolic link (in a shared directory such as /tmp, another user could point the
 * link at a file of ours and have the VM truncate it).
 */
final class TraceFileOpener {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private TraceFileOpener() {}

    static FileChannel open(Path path) throws IOException {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("it is a directory");
        }
        if (Files.isSymbolicLink(path)) {
            throw new IOException("it is a symbolic link (not followed: give the link's target instead)");
        }
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        try {
            if (posix) {
                FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(OWNER_ONLY);
                return FileChannel.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), ownerOnly);
            }
            return FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
            // NOFOLLOW_LINKS: a link created since the check above fails here (ELOOP) instead of being followed.
            FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            try {
                if (posix && Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {   // never chmod a FIFO or device
                    try {
                        Files.setPosixFilePermissions(path, OWNER_ONLY);   // before any trace byte is in it
                    } catch (IOException | UnsupportedOperationException notOwner) {
                        // someone else's file we may write: keep its permissions
                    }
                }
                if (channel.size() > 0) {
                    channel.truncate(0);   // a regular file; a FIFO or device has no size to cut
                }
            } catch (IOException | RuntimeException failed) {
                channel.close();
                throw failed;
            }
            return channel;
        }
    }
}
