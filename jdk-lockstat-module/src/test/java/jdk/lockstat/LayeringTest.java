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

package jdk.lockstat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The module's packages depend one way: format (with snappy) and model at the bottom, reconstruct above
 * them, then aggregate and whatif, the query layer (the API jdk.lockstat.query and its engine
 * jdk.lockstat.internal.query, one layer), and on top the front ends (the lockstat tool, the recorder
 * in the traced VM, the management bean). A package names only packages of lower layers or of its own;
 * front ends never name each other (jcmd's reports go through the query layer, not the tool). The viewer
 * names no internal package. Read from the sources: every qualified name outside comments counts, imports
 * or not; string literals and comments do not.
 */
class LayeringTest {
    /** Package (after jdk.lockstat.) to layer; one number is one layer. */
    private static final Map<String, Integer> LAYERS = Map.ofEntries(
            Map.entry("internal.format", 0), Map.entry("internal.snappy", 0), Map.entry("internal.model", 0),
            Map.entry("internal.reconstruct", 1),
            Map.entry("internal.aggregate", 2), Map.entry("internal.whatif", 2),
            Map.entry("query", 3), Map.entry("internal.query", 3),
            Map.entry("internal.tool", 4), Map.entry("internal.recorder", 4),
            Map.entry("internal.management", 5), Map.entry("management", 5));
    /** Front ends of one layer that may not name each other (layer 4 shares a number, not a purpose). */
    private static final List<String> FRONT_ENDS = List.of("internal.tool", "internal.recorder");
    /** A string literal: class names as data (frames to recognise) are not dependencies. */
    private static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"");
    private static final Pattern NAME = Pattern.compile("\\bjdk\\.lockstat\\.((?:internal\\.)?[a-z]+)\\.[A-Za-z]");

    @Test
    void packagesNameOnlyLowerLayers() throws IOException {
        Path root = Path.of("src/main/java/jdk/lockstat");
        assertTrue(Files.isDirectory(root), "run from the module's directory: " + root.toAbsolutePath());
        TreeSet<String> violations = new TreeSet<>();
        int files = 0;
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                String from = root.relativize(f.getParent()).toString().replace('/', '.');
                Integer layer = LAYERS.get(from);
                assertTrue(layer != null, "a package without a layer in LayeringTest: " + from);
                files++;
                for (String to : namedPackages(f)) {
                    Integer target = LAYERS.get(to);
                    boolean ok = to.equals(from) || target != null && (target < layer
                            || target.equals(layer) && !(FRONT_ENDS.contains(from) && FRONT_ENDS.contains(to)));
                    if (!ok) {
                        violations.add(from + " -> " + to + " (" + root.relativize(f) + ")");
                    }
                }
            }
        }
        assertTrue(files > 100, "the sources were found: " + files);
        assertEquals(List.of(), List.copyOf(violations), "names of a higher layer or of another front end");
    }

    @Test
    void viewerNamesNoInternalPackage() throws IOException {
        Path viewer = Path.of("../viewer-fx/src/main/java");
        if (!Files.isDirectory(viewer)) {
            return;   // the module built on its own
        }
        List<String> violations = new ArrayList<>();
        try (Stream<Path> s = Files.walk(viewer)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                for (String to : namedPackages(f)) {
                    if (to.startsWith("internal.")) {
                        violations.add(viewer.relativize(f) + " -> jdk.lockstat." + to);
                    }
                }
            }
        }
        assertEquals(List.of(), violations, "the viewer uses the query API only");
    }

    /** The jdk.lockstat packages f names in code: imports and qualified names, not comments. */
    static TreeSet<String> namedPackages(Path f) throws IOException {
        TreeSet<String> named = new TreeSet<>();
        boolean inComment = false;
        for (String line : Files.readAllLines(f)) {
            String code = line;
            if (inComment) {
                int end = code.indexOf("*/");
                if (end < 0) {
                    continue;
                }
                code = code.substring(end + 2);
                inComment = false;
            }
            int start = code.indexOf("/*");
            if (start >= 0) {
                int end = code.indexOf("*/", start + 2);
                inComment = end < 0;
                code = code.substring(0, start) + (end < 0 ? "" : code.substring(end + 2));
            }
            int slashes = code.indexOf("//");
            if (slashes >= 0) {
                code = code.substring(0, slashes);
            }
            if (code.startsWith("package ")) {
                continue;
            }
            Matcher m = NAME.matcher(STRING.matcher(code).replaceAll("\"\""));
            while (m.find()) {
                named.add(m.group(1));
            }
        }
        return named;
    }
}
