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
 * @summary The trace is closed properly (end record, lockstat verify OK) when the VM ends by returning
 *          from main, by System.exit from another thread, and by SIGTERM.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 ExitPathsTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

public class ExitPathsTest {
    public static class ExitFromThread {
        public static void main(String[] args) throws Exception {
            Thread t = new Thread(() -> System.exit(3), "exiter");
            t.start();
            Thread.sleep(60_000);
        }
    }

    public static class Sleeper {
        public static void main(String[] args) throws Exception {
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "exit").toAbsolutePath();

        Path exitTrace = dir.resolve("exit.lct");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + exitTrace, "ExitPathsTest$ExitFromThread")
                .shouldHaveExitValue(3);
        LockStatRun.verifyOk(exitTrace);
        LockStatRun.lockstat("summary", exitTrace.toString()).shouldContain("complete").shouldContain("\"exiter\"");

        Path termTrace = dir.resolve("term.lct");
        Process p = LockStatRun.startJava("ready", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + termTrace,
                "ExitPathsTest$Sleeper");
        p.destroy();   // SIGTERM
        LockStatRun.check(p.waitFor(60, TimeUnit.SECONDS), "child ended after SIGTERM");
        LockStatRun.check(p.exitValue() == 143, "exit value after SIGTERM: " + p.exitValue());
        LockStatRun.verifyOk(termTrace);
    }
}
