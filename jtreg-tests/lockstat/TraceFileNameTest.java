/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

/*
 * @test
 * @summary TraceLockContentionFile defaults to lockstat-%p.lct in the working directory; %p, %t and %%
 *          expand; the file is created owner-only.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 TraceFileNameTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

public class TraceFileNameTest {
    public static class Child {
        public static void main(String[] args) {
            System.out.println("child-pid=" + ProcessHandle.current().pid());
        }
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".lct")).sorted().toList();
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "names").toAbsolutePath();
        LockStatRun r = LockStatRun.java(dir, "-XX:+TraceLockContention", "TraceFileNameTest$Child").shouldHaveExitValue(0);
        String pid = r.stdout.replaceAll("(?s).*child-pid=(\\d+).*", "$1").trim();
        LockStatRun.check(names(dir).equals(List.of("lockstat-" + pid + ".lct")), "default name: " + names(dir));
        Path trace = dir.resolve("lockstat-" + pid + ".lct");
        LockStatRun.verifyOk(trace);
        String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(trace));
        LockStatRun.check(perms.equals("rw-------"), "owner-only permissions, got " + perms);

        Path dir2 = Files.createTempDirectory(Path.of("."), "names2").toAbsolutePath();
        r = LockStatRun.java(dir2, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=run-%p-%t-100%%.lct",
                "TraceFileNameTest$Child").shouldHaveExitValue(0);
        String pid2 = r.stdout.replaceAll("(?s).*child-pid=(\\d+).*", "$1").trim();
        List<String> n2 = names(dir2);
        LockStatRun.check(n2.size() == 1 && n2.get(0).matches("run-" + pid2 + "-\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d-100%\\.lct"),
                "expanded name: " + n2);
        LockStatRun.verifyOk(dir2.resolve(n2.get(0)));
    }
}
