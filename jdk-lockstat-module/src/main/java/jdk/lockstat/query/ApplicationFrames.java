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

package jdk.lockstat.query;

import java.util.ArrayList;
import java.util.List;


/**
 * Which frames of a call chain are the application's own: the rule of the site aspects ({@link
 * Aspect#SITE}, {@link Aspect#OWNER_SITE}). A site is the innermost such frame, the line in the user's
 * code that called into whatever took the lock: where two call sites reach one library method (a logging
 * framework's appender, a pool's borrow), owner-method names the library method for both and owner-site
 * names each site.
 *
 * <p>By default a frame is the application's when its class is outside the JDK's own packages. With
 * {@link #use} (the lockstat command's {@code --app-packages}), only frames of the given packages and
 * their subpackages are, so that a site is found below the libraries the chain passes through. The rule
 * is one per process: the command sets it before it analyses; the viewer and the online report keep the
 * default.
 */
public final class ApplicationFrames {
    /** The JDK's own packages (java.base and the other modules of the JDK image). */
    private static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "org.ietf.",
            "org.w3c.dom.", "org.xml.sax.");
    private static volatile List<String> packages = List.of();

    private ApplicationFrames() {}

    /**
     * The application's packages: each a package name ({@code com.example}), matching it and its
     * subpackages; an empty list restores the default (every package outside the JDK). Throws
     * IllegalArgumentException for a name that is not a package name.
     */
    public static void use(List<String> appPackages) {
        List<String> checked = new ArrayList<>(appPackages.size());
        for (String p : appPackages) {
            String name = p.trim();
            if (!name.matches("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)*")) {
                throw new IllegalArgumentException("not a package name: \"" + name + "\"");
            }
            checked.add(name);
        }
        packages = List.copyOf(checked);
    }

    /** The packages given to {@link #use}; empty for the default rule. */
    public static List<String> packages() {
        return packages;
    }

    /** Whether a class (binary name with dots) is the application's under the current rule. */
    public static boolean isApplication(String className) {
        if (className == null) {
            return false;
        }
        List<String> own = packages;
        if (own.isEmpty()) {
            for (String p : JDK) {
                if (className.startsWith(p)) {
                    return false;
                }
            }
            return true;
        }
        for (String p : own) {
            if (className.startsWith(p) && className.length() > p.length() && className.charAt(p.length()) == '.') {
                return true;
            }
        }
        return false;
    }
}
