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

package jdk.lockstat.viewer;

import java.nio.file.Files;
import java.nio.file.Path;

import javafx.application.Application;

/**
 * lockstat-viewer [TRACE] | lockstat-viewer --screenshots DIR TRACE. A plain main class, so that JavaFX
 * on the class path starts without the module system's launcher check.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && (args[0].equals("-h") || args[0].equals("--help"))) {
            System.out.println("usage: lockstat-viewer [TRACE]\n       lockstat-viewer --screenshots DIR TRACE");
            return;
        }
        if (args.length > 0 && args[0].equals("--screenshots")) {
            if (args.length != 3) {
                System.err.println("usage: lockstat-viewer --screenshots DIR TRACE");
                System.exit(2);
            }
            System.exit(Screenshots.run(Path.of(args[1]), Path.of(args[2])));
        }
        if (args.length > 1) {
            System.err.println("lockstat-viewer: one trace at a time (usage: lockstat-viewer [TRACE])");
            System.exit(2);
        }
        if (args.length == 1 && !Files.isReadable(Path.of(args[0]))) {
            System.err.println("lockstat-viewer: cannot read " + args[0]);
            System.exit(1);
        }
        Application.launch(LockStatViewer.class, args);
    }
}
