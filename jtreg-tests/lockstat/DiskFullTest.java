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
 * @summary The disk fills during the run: the trace hits a file-size limit (ulimit -f, so writes fail
 *          with EFBIG part-way, as on a full disk) or is /dev/full (ENOSPC from the first write). The
 *          application runs to its end with exit 0 and one warning, tracing stops, and what was
 *          written before stays readable: lockstat reads the prefix and verify names the missing end.
 *          /dev/full keeps its permissions.
 * @library /lib
 * @build LockStatRun SlowDrainTest
 * @run main/timeout=300 DiskFullTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

public class DiskFullTest {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "diskfull").toAbsolutePath();
        Path trace = dir.resolve("limited.lct");
        int limitKb = 256;
        String java = LockStatRun.jdkBin("java") + " -cp " + System.getProperty("test.classes")
                + " -XX:+TraceLockContention -XX:TraceLockContentionFile=" + trace + " SlowDrainTest\\$Workload 30000";
        LockStatRun r = LockStatRun.run(dir, List.of("bash", "-c", "ulimit -f " + limitKb + " && exec " + java));
        r.shouldHaveExitValue(0).shouldContain("work-ms").shouldContain("writing trace file " + trace + " failed")
         .shouldContain("lock contention tracing stopped");
        LockStatRun.check(r.count("LockStat: warning") == 1, "exactly one warning");
        long size = Files.size(trace);
        LockStatRun.check(size > 0 && size <= limitKb * 1024L, "the file stops at the limit: " + size + " bytes");

        LockStatRun v = LockStatRun.lockstat("verify", trace.toString());
        LockStatRun.check(v.exitCode == 1, "verify reports the damage");
        v.shouldContain("TRUNCATED");   // the file ends inside a Snappy chunk, without an end record
        // The prefix is readable: at least the contention forced before the work, whose blocked thread
        // ended (writing its buffer) before the disk filled, and the warning names the file's real size
        // (not the bytes the failed write attempted).
        String summary = LockStatRun.lockstat("summary", trace.toString()).stdout;
        LockStatRun.check(summary.matches("(?s).*MonitorContendedEnter\\s+[1-9].*") && summary.matches("(?s).*MonitorContendedEntered\\s+[1-9].*"), "prefix readable: " + summary);
        r.shouldContain("the " + size + " bytes written before are readable");

        // /dev/full: every write fails with ENOSPC. Same behaviour; the device is not chmod-ed.
        Path devFull = Path.of("/dev/full");
        if (Files.exists(devFull)) {
            String before = PosixFilePermissions.toString(Files.getPosixFilePermissions(devFull));
            LockStatRun f = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=/dev/full",
                    "SlowDrainTest$Workload", "30000");
            f.shouldHaveExitValue(0).shouldContain("work-ms").shouldContain("No space left on device");
            LockStatRun.check(f.count("LockStat: warning") == 1, "exactly one warning");
            String after = PosixFilePermissions.toString(Files.getPosixFilePermissions(devFull));
            LockStatRun.check(before.equals(after), "/dev/full keeps its permissions: " + before + " -> " + after);
        }
    }
}
