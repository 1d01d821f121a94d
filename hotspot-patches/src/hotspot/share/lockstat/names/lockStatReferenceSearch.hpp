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


#ifndef SHARE_LOCKSTAT_NAMES_LOCKSTATREFERENCESEARCH_HPP
#define SHARE_LOCKSTAT_NAMES_LOCKSTATREFERENCESEARCH_HPP

#include "memory/allocation.hpp"
#include "oops/oopsHierarchy.hpp"
#include "utilities/globalDefinitions.hpp"
#include "utilities/growableArray.hpp"
#include "utilities/objectBitSet.hpp"

class JavaThread;
class Klass;
class Method;
class outputStream;

// A breadth-first search of the heap from GC roots, at a safepoint, for given objects: the shortest
// reference path to each, which names it (LockStatLockNames). The approach of JFR's leak profiler
// (chains/bfsClosure, a sparse mark bitmap, paths from the roots), with roots taken in the order that
// names a lock best: first the classes' static fields, then the threads' frames (locals and operands,
// then the thread objects), then global handles (JNI and the VM's). Each root kind is searched to
// the end before the next begins, so a lock in a static field that a thread also holds in a local is
// named by its field. Weak references are not followed.
//
// Memory: 16 bytes for each object reached (its path back to the root), and the mark bitmap (1 MB for
// each 64 MB of heap the search touches). Bounded by max_nodes and a deadline; it stops early once
// every target is found.
class LockStatReferenceSearch : public StackObj {
 public:
  struct Target {
    Klass* klass;
    u4 hash;
    int node;     // where the search found it; -1: not found
  };
  enum RootKind : u1 { STATIC = 1, LOCAL = 2, THREAD = 3, GLOBAL = 4 };   // LockName.rootKind
  enum Outcome : u1 { COMPLETE = 0, TIME_LIMIT = 1, MEMORY_LIMIT = 2 };
  struct Root {
    u1 kind;
    bool expression;   // LOCAL: an operand, not a local variable
    int thread;        // LOCAL and THREAD: index in the search's thread names
    Method* method;    // LOCAL
    int bci;
    int local;         // LOCAL: the local variable's slot
    Klass* klass;      // STATIC: the class whose mirror is the root
  };

 private:
  struct Node {
    oop obj;
    int parent;   // index of the referring node; -1 for a root
    int slot;     // a root's index in _roots; otherwise the field's offset in the parent, or the array index
  };

  Target* _targets;
  bool _show_keys;                  // map keys' values in names (strings, boxed integers)
  int _target_count;
  int _found;
  u1 _klass_filter[256];            // quick rejection of classes that no target has
  // One array for the whole search, reserved and committed at its bound as anonymous memory and never
  // copied: only the pages the search reaches become resident. (A GrowableArray constructs every element
  // of its capacity and copies on growth, which tripled the memory a search held; os::malloc in a debug
  // build fills the whole block, ZapCHeap, which took 1.5 s of the safepoint for a 316 MB bound.)
  Node* _nodes;
  size_t _nodes_bytes;              // the reservation's size
  int _node_count;
  GrowableArrayCHeap<Root, mtTracing> _roots;
  GrowableArrayCHeap<char*, mtTracing> _thread_names;
  ObjectBitSet<mtTracing> _marks;
  uintptr_t* _granule_set;          // the 64 MB heap ranges the bitmap covers (a fragment each), open addressing
  uintptr_t _last_granule;
  int _granules;
  int _max_nodes;
  jlong _deadline;
  Outcome _outcome;
  int _cursor;                      // the next node whose references the search follows

  void count_granule(uintptr_t granule);
  bool is_target_class(Klass* k) const { return _klass_filter[((uintptr_t)k >> 6) & 255] != 0; }
  void check_target(oop obj, int node);
  void add_static_roots();
  void add_thread_roots();
  void add_global_roots();
  void add_frame_roots(JavaThread* jt, int thread_index);
  void follow();                    // breadth first, from _cursor to the end of the queue
  bool done() const { return _found == _target_count || _outcome != COMPLETE; }
  void print_root(const Node& n, outputStream* out) const;
  void print_step(const Node& n, outputStream* out) const;
  int print_collection_step(const GrowableArray<int>& path, int k, outputStream* out) const;

 public:
  LockStatReferenceSearch(Target* targets, int count, int max_nodes, jlong deadline_nanos, bool show_keys);
  ~LockStatReferenceSearch();
  // Adds obj as a node reached from parent (-1: a root, described by root); false: not added.
  bool add(oop obj, int parent, int slot);
  int add_root(const Root& root);
  void run();                       // at a safepoint
  int found() const          { return _found; }
  int nodes() const          { return _node_count; }
  Outcome outcome() const    { return _outcome; }
  size_t memory_bytes() const;      // what the search held at most: nodes, roots, the mark bitmap
  // target i's path from its root as text (at most max_steps references, the middle elided), and the
  // kind of root and number of references it has; false when i was not found.
  bool describe(int i, outputStream* out, int max_steps, u1* root_kind, int* depth) const;
};

#endif // SHARE_LOCKSTAT_NAMES_LOCKSTATREFERENCESEARCH_HPP
