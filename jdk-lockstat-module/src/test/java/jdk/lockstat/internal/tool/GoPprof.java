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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** go tool pprof (tools/install-pprof.sh), for the tests of the profiles lockstat writes. */
public final class GoPprof {
    private GoPprof() {}

    /** go tool pprof with these arguments, as root in CI without network: its caches in dir. */
    public static String run(Path dir, String... args) throws Exception {
        ExternalTool go = ExternalTool.find("tools/install-pprof.sh", "go", "/usr/lib/go/bin/go");
        Path home = Files.createDirectories(dir.resolve("home"));
        List<String> command = new ArrayList<>(List.of("tool", "pprof"));
        command.addAll(List.of(args));
        ExternalTool.Result r = go.run(command, Map.of("HOME", home.toString(), "GOCACHE", home.resolve("cache").toString(),
                "GOPATH", home.resolve("go").toString(), "GOTOOLCHAIN", "local", "GOPROXY", "off", "PPROF_TMPDIR",
                home.toString()), dir, 120);
        assertEquals(0, r.status(), "go tool pprof " + String.join(" ", args) + ":\n" + r.output());
        return r.output();
    }
}
