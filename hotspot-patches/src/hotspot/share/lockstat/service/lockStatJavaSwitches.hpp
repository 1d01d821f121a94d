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

#ifndef SHARE_LOCKSTAT_SERVICE_LOCKSTATJAVASWITCHES_HPP
#define SHARE_LOCKSTAT_SERVICE_LOCKSTATJAVASWITCHES_HPP

#include "memory/allStatic.hpp"

class JavaThread;

// The Java side's switches: a static boolean LOCKSTAT in each java.base class whose hooks are plain
// Java (java.lang.VirtualThread: park events of virtual threads; java.util.concurrent.locks.LockSupport:
// shared releases and re-parks). A class reads the VM's state in its static initializer, and the VM
// sets the field when tracing starts or stops in a running VM, so that with tracing off a hook costs
// one load. A class still initializing while tracing starts may miss the start; it records nothing then.
class LockStatJavaSwitches : AllStatic {
 public:
  // Finds the fields of the classes loaded so far; a Java thread, before each start or stop.
  static void resolve(JavaThread* current);
  // At a safepoint: sets every resolved switch of an initialized class, and the count below to -1.
  static void set_at_safepoint(bool on);
  // A sampled trace's recorded park opened or ended: LockSupport.LOCKSTAT_SAMPLED_PARKS counts those
  // open, from -1 (not known: every release that wakes nobody comes to the VM) to 1 at the first, so
  // that a java.util.concurrent release that wakes nobody calls the VM only while one is open or its
  // thread is followed (0009-juc-lock-hooks). In the VM, outside a safepoint.
  static void sampled_park_opened(JavaThread* current);
  static void sampled_park_closed();
};

#endif // SHARE_LOCKSTAT_SERVICE_LOCKSTATJAVASWITCHES_HPP
