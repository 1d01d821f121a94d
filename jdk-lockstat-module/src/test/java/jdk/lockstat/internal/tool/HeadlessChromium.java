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

/** Headless Chromium (tools/install-chromium.sh) loading a page, for the tests of lockstat's HTML pages. */
final class HeadlessChromium {
    private HeadlessChromium() {}

    /** Chromium's output for the page (with the fragment) and options such as --dump-dom; its profile in dir. */
    static String run(Path dir, Path page, String fragment, String... options) throws Exception {
        ExternalTool chromium = ExternalTool.find("tools/install-chromium.sh", "chromium", "chromium-browser", "google-chrome");
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        List<String> args = new ArrayList<>(List.of("--headless", "--no-sandbox", "--disable-gpu", "--no-proxy-server",
                "--no-first-run", "--disable-extensions", "--disable-dev-shm-usage", "--user-data-dir=" + profile));
        args.addAll(List.of(options));
        args.add(page.toUri() + fragment);
        ExternalTool.Result r = chromium.run(args, Map.of("HOME", dir.toString()), dir, 120);
        assertEquals(0, r.status(), "chromium " + String.join(" ", args) + ":\n" + r.output());
        return r.output();
    }
}
