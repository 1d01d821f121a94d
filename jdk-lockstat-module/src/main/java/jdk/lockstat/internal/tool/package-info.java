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

/**
 * The {@code lockstat} command-line tool ({@link jdk.lockstat.internal.tool.Main}): report, summary,
 * locks, flame (collapsed stacks, or an HTML page: {@link jdk.lockstat.internal.tool.FlameGraphHtml}),
 * export (a pprof profile: {@link jdk.lockstat.internal.query.PprofProfile}), print and verify over a
 * trace file. The tool renders what the query layer computes; nothing below it imports it. Every command that
 * shows call chains starts them outside the locking mechanism unless {@code --all-frames}.
 */
package jdk.lockstat.internal.tool;
