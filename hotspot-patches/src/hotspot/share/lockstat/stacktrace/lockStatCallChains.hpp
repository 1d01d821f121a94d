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

#ifndef SHARE_LOCKSTAT_STACKTRACE_LOCKSTATCALLCHAINS_HPP
#define SHARE_LOCKSTAT_STACKTRACE_LOCKSTATCALLCHAINS_HPP

#include "memory/allocation.hpp"
#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

class JavaThread;
class LockStatThreadLocal;
class InstanceKlass;
class Klass;
class Method;
class nmethod;

// Interns call chains (paper 3.4): a chain seen for the first time gets an id, and the thread that
// inserts it writes its CALL_CHAIN event, preceded by METHOD and CLASS events for methods and classes
// not seen before. Chains are keyed by their physical frames and kept in a lock-free set
// (LockStatKeySet); inlined frames are decoded only for a new chain's metadata.
class LockStatCallChains : AllStatic {
 public:
  // The id of the calling thread's current chain; 0 when the stack cannot be walked.
  static u8 current_chain(JavaThread* jt, LockStatThreadLocal* tl);
  // Whether current_chain would give chain without a walk: the thread's latest walk was from this
  // very frame (its mark stands, so the frame has not returned since) and found chain.
  static bool still_current(JavaThread* jt, LockStatThreadLocal* tl, u8 chain);
  // Id of a class, writing its CLASS event first if it is new.
  static u8 class_id(LockStatThreadLocal* tl, Klass* k);
  static void initialize();
  // A new trace in a running VM: forgets every chain, method and class, so that their metadata is
  // written again, into the new trace, the first time an event uses them. Ids are not reused.
  static void forget_all();
  // Class unloading (paper 3.4), after the unloading loaders are marked and before their metadata
  // is freed: forgets their classes and methods and purges chains through them (CHAIN_PURGE,
  // LOADER_UNLOAD events). At a safepoint, or concurrently (ZGC, Shenandoah).
  static void on_classes_unloading();
  static size_t chain_count();
  static size_t memory_bytes();   // the chain set and the known-metadata sets
};

#endif // SHARE_LOCKSTAT_STACKTRACE_LOCKSTATCALLCHAINS_HPP
