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

package jdk.lockstat.internal.tool;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real program that reads what lockstat writes (go tool pprof, headless Chromium), for tests: found on
 * the PATH or at its Debian place, and run with a time limit. A missing program fails the test with the
 * script that installs it (make test-module runs those scripts first), never skips it.
 */
record ExternalTool(Path executable, String installScript) {
    record Result(int status, String output) {}

    /** The first of these names on the PATH (or an absolute fallback), or a failed test. */
    static ExternalTool find(String installScript, String... names) {
        for (String name : names) {
            if (name.startsWith("/")) {
                if (Files.isExecutable(Path.of(name))) {
                    return new ExternalTool(Path.of(name), installScript);
                }
                continue;
            }
            for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return new ExternalTool(p, installScript);
                }
            }
        }
        return fail(String.join(" or ", names) + " is not installed: run " + installScript
                + " (make test-module runs it before the tests)");
    }

    /** Runs it with these arguments and environment additions; stdout and stderr together. */
    Result run(List<String> args, Map<String, String> env, Path workDir, int timeoutSeconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile(workDir, "out", ".txt");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            fail(executable + " " + String.join(" ", args) + " ran past " + timeoutSeconds + " s; output: "
                    + new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
    }
}
