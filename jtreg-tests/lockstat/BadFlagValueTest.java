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
 * @summary Bad values of the LockStat flags stop the VM at start-up with a clear message.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 BadFlagValueTest
 */
import java.nio.file.Files;
import java.nio.file.Path;

public class BadFlagValueTest {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "bad").toAbsolutePath();
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=", "-version")
                .shouldHaveExitValue(1).shouldContain("Invalid -XX:TraceLockContentionFile=: the file name must not be empty")
                .shouldContain("Could not create the Java Virtual Machine");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=trace-%q.lct", "-version")
                .shouldHaveExitValue(1).shouldContain("unknown '%q'");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=trace-%", "-version")
                .shouldHaveExitValue(1).shouldContain("Invalid -XX:TraceLockContentionFile=trace-%");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + "x".repeat(5000), "-version")
                .shouldHaveExitValue(1).shouldContain("the file name is longer than");
        LockStatRun.java(dir, "-XX:TraceLockContention=maybe", "-version")
                .shouldHaveExitValue(1).shouldContain("TraceLockContention");
        // A bad file name is bad even with tracing off: the user meant something.
        LockStatRun.java(dir, "-XX:TraceLockContentionFile=%z", "-version").shouldHaveExitValue(1).shouldContain("unknown '%z'");
    }
}
