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

// Module descriptor used inside the JDK image; the Maven build of this module produces a plain
// (unnamed-module) jar instead.

/**
 * Lock contention tracing support: the trace format, the drain thread that the VM starts under
 * {@code -XX:+TraceLockContention}, runtime control (jcmd LockStat.*, and the MXBean
 * {@link jdk.lockstat.management.LockStatMXBean}), and the {@code lockstat} tool.
 *
 * @moduleGraph
 */
module jdk.lockstat {
    requires transitive java.management;

    // An exported API makes this a default root module: in every VM's boot layer, so that tracing
    // can be started at runtime (jcmd LockStat.start) in a VM started without it.
    exports jdk.lockstat.management;

    provides sun.management.spi.PlatformMBeanProvider with
        jdk.lockstat.internal.management.LockStatMXBeanProvider;
}
