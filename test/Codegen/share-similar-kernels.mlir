// RUN: seam-opt %s --seam-share-similar-kernels --split-input-file | FileCheck %s

// Kernels that differ only in 64-bit constants used as loop bounds, strides
// and addresses are one function: the constants that differ become its
// trailing arguments (in body order), each call passes its kernel's values;
// the constants equal in all of them stay constants.

// CHECK-LABEL: llvm.func @row_a(
// CHECK-SAME: %[[P:[a-z0-9]+]]: !llvm.ptr, %[[BOUND:[a-z0-9]+]]: i64, %[[STRIDE:[a-z0-9]+]]: i64)
// CHECK-SAME: seam.kernel
// CHECK-DAG: %[[ZERO:.+]] = llvm.mlir.constant(0 : index) : i64
// CHECK-DAG: %[[ONE:.+]] = llvm.mlir.constant(1 : index) : i64
// CHECK: llvm.br ^bb1(%[[ZERO]] : i64)
// CHECK: llvm.icmp "slt" %{{.*}}, %[[BOUND]] : i64
// CHECK: llvm.mul %{{.*}}, %[[STRIDE]] : i64
// CHECK: llvm.add %{{.*}}, %[[ONE]] : i64
// CHECK-NOT: llvm.func @row_b(
// CHECK-NOT: llvm.func @row_c(
// CHECK-LABEL: llvm.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: !llvm.ptr, %[[Y:[a-z0-9]+]]: !llvm.ptr)
// CHECK: %[[B8:.+]] = llvm.mlir.constant(8 : index) : i64
// CHECK: %[[S16:.+]] = llvm.mlir.constant(16 : index) : i64
// CHECK: llvm.call @row_a(%[[X]], %[[B8]], %[[S16]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK: %[[B12:.+]] = llvm.mlir.constant(12 : index) : i64
// CHECK: %[[S24:.+]] = llvm.mlir.constant(24 : index) : i64
// CHECK: llvm.call @row_a(%[[Y]], %[[B12]], %[[S24]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK: %[[B8b:.+]] = llvm.mlir.constant(8 : index) : i64
// CHECK: %[[S24b:.+]] = llvm.mlir.constant(24 : index) : i64
// CHECK: llvm.call @row_a(%[[X]], %[[B8b]], %[[S24b]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK: %[[B8c:.+]] = llvm.mlir.constant(8 : index) : i64
// CHECK: %[[S16c:.+]] = llvm.mlir.constant(16 : index) : i64
// CHECK: llvm.call @row_a(%[[Y]], %[[B8c]], %[[S16c]]) : (!llvm.ptr, i64, i64) -> ()

llvm.func @row_a(%p: !llvm.ptr) attributes {passthrough = ["noinline"], seam.kernel, sym_visibility = "private"} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(8 : index) : i64
  %s = llvm.mlir.constant(16 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %o = llvm.mul %i, %s : i64
  %q = llvm.getelementptr %p[%o] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @row_b(%p: !llvm.ptr) attributes {passthrough = ["noinline"], seam.kernel, sym_visibility = "private"} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(12 : index) : i64
  %s = llvm.mlir.constant(24 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %o = llvm.mul %i, %s : i64
  %q = llvm.getelementptr %p[%o] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @row_c(%p: !llvm.ptr) attributes {passthrough = ["noinline"], seam.kernel, sym_visibility = "private"} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(8 : index) : i64
  %s = llvm.mlir.constant(24 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %o = llvm.mul %i, %s : i64
  %q = llvm.getelementptr %p[%o] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @main(%x: !llvm.ptr, %y: !llvm.ptr) {
  llvm.call @row_a(%x) : (!llvm.ptr) -> ()
  llvm.call @row_b(%y) : (!llvm.ptr) -> ()
  llvm.call @row_c(%x) : (!llvm.ptr) -> ()
  llvm.call @row_a(%y) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

// Constants a run-time value would slow down or invalidate stay part of
// what is compared: a divisor, a shift amount, an alloca size, a float,
// a 32-bit integer, and a 64-bit constant with one such use among others.
// Kernels that differ there stay apart; so do kernels of other attributes,
// other types, kernels whose address is taken (their signature is fixed)
// and functions that are not kernels.

// CHECK-LABEL: llvm.func @div_a(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr) attributes
// CHECK: llvm.mlir.constant(3 : i64)
// CHECK-LABEL: llvm.func @div_b(
// CHECK: llvm.mlir.constant(5 : i64)
// CHECK-LABEL: llvm.func @ret_a(
// CHECK: llvm.mlir.constant(3 : i64)
// CHECK-LABEL: llvm.func @ret_b(
// CHECK: llvm.mlir.constant(5 : i64)
// CHECK-LABEL: llvm.func @shl_a(
// CHECK-LABEL: llvm.func @shl_b(
// CHECK-LABEL: llvm.func @alloca_a(
// CHECK-LABEL: llvm.func @alloca_b(
// CHECK-LABEL: llvm.func @f32_a(
// CHECK-LABEL: llvm.func @f32_b(
// CHECK-LABEL: llvm.func @i32_a(
// CHECK-LABEL: llvm.func @i32_b(
// CHECK-LABEL: llvm.func @mixed_a(
// CHECK-LABEL: llvm.func @mixed_b(
// CHECK-LABEL: llvm.func @attr_a(
// CHECK-LABEL: llvm.func @attr_b(
// CHECK-LABEL: llvm.func @plain_a(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr) {
// CHECK-LABEL: llvm.func @plain_b(
// CHECK-LABEL: llvm.func @addr_a(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr) attributes
// CHECK-LABEL: llvm.func @addr_b(
// CHECK-LABEL: llvm.func @main(
// CHECK-NEXT: llvm.call @div_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @div_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @ret_a(%{{[a-z0-9]+}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @ret_b(%{{[a-z0-9]+}}) : (i64) -> i64
// CHECK-NEXT: llvm.call @shl_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @shl_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @alloca_a() :
// CHECK-NEXT: llvm.call @alloca_b() :
// CHECK-NEXT: llvm.call @f32_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @f32_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @i32_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @i32_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @mixed_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @mixed_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @attr_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @attr_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @plain_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @plain_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @addr_a(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.call @addr_b(%{{[a-z0-9]+}}) :
// CHECK-NEXT: llvm.mlir.addressof @addr_b

llvm.func @div_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %d = llvm.mlir.constant(3 : i64) : i64
  %q = llvm.udiv %i, %d : i64
  llvm.store %q, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @div_b(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %d = llvm.mlir.constant(5 : i64) : i64
  %q = llvm.udiv %i, %d : i64
  llvm.store %q, %p : i64, !llvm.ptr
  llvm.return
}
// Kernels return nothing; these two are left alone.
llvm.func @ret_a(%i: i64) -> i64 attributes {seam.kernel} {
  %c = llvm.mlir.constant(3 : i64) : i64
  %s = llvm.add %i, %c : i64
  llvm.return %s : i64
}
llvm.func @ret_b(%i: i64) -> i64 attributes {seam.kernel} {
  %c = llvm.mlir.constant(5 : i64) : i64
  %s = llvm.add %i, %c : i64
  llvm.return %s : i64
}
llvm.func @shl_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %d = llvm.mlir.constant(3 : i64) : i64
  %q = llvm.shl %i, %d : i64
  llvm.store %q, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @shl_b(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %d = llvm.mlir.constant(4 : i64) : i64
  %q = llvm.shl %i, %d : i64
  llvm.store %q, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @alloca_a() attributes {seam.kernel} {
  %n = llvm.mlir.constant(16 : i64) : i64
  %a = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  llvm.return
}
llvm.func @alloca_b() attributes {seam.kernel} {
  %n = llvm.mlir.constant(32 : i64) : i64
  %a = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  llvm.return
}
llvm.func @f32_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.store %f, %p : f32, !llvm.ptr
  llvm.return
}
llvm.func @f32_b(%p: !llvm.ptr) attributes {seam.kernel} {
  %f = llvm.mlir.constant(2.0 : f32) : f32
  llvm.store %f, %p : f32, !llvm.ptr
  llvm.return
}
llvm.func @i32_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i32
  %c = llvm.mlir.constant(1 : i32) : i32
  %s = llvm.add %i, %c : i32
  llvm.store %s, %p : i32, !llvm.ptr
  llvm.return
}
llvm.func @i32_b(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i32
  %c = llvm.mlir.constant(2 : i32) : i32
  %s = llvm.add %i, %c : i32
  llvm.store %s, %p : i32, !llvm.ptr
  llvm.return
}
llvm.func @mixed_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(6 : i64) : i64
  %s = llvm.add %i, %c : i64
  %r = llvm.urem %s, %c : i64
  llvm.store %r, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @mixed_b(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(7 : i64) : i64
  %s = llvm.add %i, %c : i64
  %r = llvm.urem %s, %c : i64
  llvm.store %r, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @attr_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(1 : i64) : i64
  %s = llvm.add %i, %c : i64
  llvm.store %s, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @attr_b(%p: !llvm.ptr) attributes {seam.kernel, passthrough = ["noinline"]} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(2 : i64) : i64
  %s = llvm.add %i, %c : i64
  llvm.store %s, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @plain_a(%p: !llvm.ptr) {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(1 : i64) : i64
  %s = llvm.add %i, %c : i64
  llvm.store %s, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @plain_b(%p: !llvm.ptr) {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(2 : i64) : i64
  %s = llvm.add %i, %c : i64
  llvm.store %s, %p : i64, !llvm.ptr
  llvm.return
}

llvm.func @addr_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(1 : i64) : i64
  %s = llvm.sub %i, %c : i64
  llvm.store %s, %p : i64, !llvm.ptr
  llvm.return
}
llvm.func @addr_b(%p: !llvm.ptr) attributes {seam.kernel} {
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(2 : i64) : i64
  %s = llvm.sub %i, %c : i64
  llvm.store %s, %p : i64, !llvm.ptr
  llvm.return
}

llvm.func @main(%p: !llvm.ptr, %i: i64) {
  llvm.call @div_a(%p) : (!llvm.ptr) -> ()
  llvm.call @div_b(%p) : (!llvm.ptr) -> ()
  %0 = llvm.call @ret_a(%i) : (i64) -> i64
  %1 = llvm.call @ret_b(%i) : (i64) -> i64
  llvm.call @shl_a(%p) : (!llvm.ptr) -> ()
  llvm.call @shl_b(%p) : (!llvm.ptr) -> ()
  llvm.call @alloca_a() : () -> ()
  llvm.call @alloca_b() : () -> ()
  llvm.call @f32_a(%p) : (!llvm.ptr) -> ()
  llvm.call @f32_b(%p) : (!llvm.ptr) -> ()
  llvm.call @i32_a(%p) : (!llvm.ptr) -> ()
  llvm.call @i32_b(%p) : (!llvm.ptr) -> ()
  llvm.call @mixed_a(%p) : (!llvm.ptr) -> ()
  llvm.call @mixed_b(%p) : (!llvm.ptr) -> ()
  llvm.call @attr_a(%p) : (!llvm.ptr) -> ()
  llvm.call @attr_b(%p) : (!llvm.ptr) -> ()
  llvm.call @plain_a(%p) : (!llvm.ptr) -> ()
  llvm.call @plain_b(%p) : (!llvm.ptr) -> ()
  llvm.call @addr_a(%p) : (!llvm.ptr) -> ()
  llvm.call @addr_b(%p) : (!llvm.ptr) -> ()
  %f = llvm.mlir.addressof @addr_b : !llvm.ptr
  llvm.store %f, %p : !llvm.ptr, !llvm.ptr
  llvm.return
}

// -----

// Each use of a constant is judged alone. @same_a's bound and stride are one
// constant (CSE merged the two 8s); @same_b's are two. They share one
// function, and the bound and stride are two arguments. The row offset is
// read twice with the same value in each kernel: one argument. A constant
// offset of `llvm.getelementptr` and the bounds of an OpenMP loop become
// arguments too.

// CHECK-LABEL: llvm.func @same_a(
// CHECK-SAME: %[[P:[a-z0-9]+]]: !llvm.ptr, %[[BOUND:[a-z0-9]+]]: i64, %[[STRIDE:[a-z0-9]+]]: i64, %[[ROW:[a-z0-9]+]]: i64, %[[OFFSET:[a-z0-9]+]]: i64, %[[UB:[a-z0-9]+]]: i64)
// CHECK: llvm.icmp "slt" %{{.*}}, %[[BOUND]] : i64
// CHECK: llvm.mul %{{.*}}, %[[STRIDE]] : i64
// CHECK: llvm.add %{{.*}}, %[[ROW]] : i64
// CHECK: llvm.sub %{{.*}}, %[[ROW]] : i64
// CHECK: llvm.getelementptr %[[P]][%[[OFFSET]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: omp.loop_nest (%{{.*}}) : i64 = (%{{.*}}) to (%[[UB]]) step
// CHECK-NOT: llvm.func @same_b(
// CHECK-LABEL: llvm.func @main(
// CHECK: %[[B8:.+]] = llvm.mlir.constant(8 : index) : i64
// CHECK: %[[S8:.+]] = llvm.mlir.constant(8 : index) : i64
// CHECK: %[[R3:.+]] = llvm.mlir.constant(13 : i64) : i64
// CHECK: %[[O100:.+]] = llvm.mlir.constant(100 : i64) : i64
// CHECK: %[[U4:.+]] = llvm.mlir.constant(4 : index) : i64
// CHECK: llvm.call @same_a(%{{.*}}, %[[B8]], %[[S8]], %[[R3]], %[[O100]], %[[U4]])
// CHECK: %[[B12:.+]] = llvm.mlir.constant(12 : index) : i64
// CHECK: %[[S24:.+]] = llvm.mlir.constant(24 : index) : i64
// CHECK: %[[R5:.+]] = llvm.mlir.constant(15 : i64) : i64
// CHECK: %[[O200:.+]] = llvm.mlir.constant(200 : i64) : i64
// CHECK: %[[U6:.+]] = llvm.mlir.constant(6 : index) : i64
// CHECK: llvm.call @same_a(%{{.*}}, %[[B12]], %[[S24]], %[[R5]], %[[O200]], %[[U6]])

llvm.func @same_a(%p: !llvm.ptr) attributes {seam.kernel} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(8 : index) : i64
  %r = llvm.mlir.constant(13 : i64) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %ub = llvm.mlir.constant(4 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %o = llvm.mul %i, %n : i64
  %a = llvm.add %o, %r : i64
  %b = llvm.sub %a, %r : i64
  %q = llvm.getelementptr %p[%b] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  %t = llvm.getelementptr %p[100] : (!llvm.ptr) -> !llvm.ptr, f32
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%j) : i64 = (%c0) to (%ub) step (%c1) {
        %u = llvm.getelementptr %t[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %f, %u : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  llvm.return
}

llvm.func @same_b(%p: !llvm.ptr) attributes {seam.kernel} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(12 : index) : i64
  %s = llvm.mlir.constant(24 : index) : i64
  %r = llvm.mlir.constant(15 : i64) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %ub = llvm.mlir.constant(6 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %o = llvm.mul %i, %s : i64
  %a = llvm.add %o, %r : i64
  %b = llvm.sub %a, %r : i64
  %q = llvm.getelementptr %p[%b] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  %t = llvm.getelementptr %p[200] : (!llvm.ptr) -> !llvm.ptr, f32
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%j) : i64 = (%c0) to (%ub) step (%c1) {
        %u = llvm.getelementptr %t[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %f, %u : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  llvm.return
}

llvm.func @main(%x: !llvm.ptr, %y: !llvm.ptr) {
  llvm.call @same_a(%x) : (!llvm.ptr) -> ()
  llvm.call @same_b(%y) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

// Sizes of 0 to 3 are not shared with other sizes: a loop of up to three
// iterations (a pad's border column, a 3x3 window) or a stride of one to
// three is simpler code that an argument would hide. @one_row and
// @three_rows (1 and 3 iterations) stay apart from each other and from
// @rows; @rows, @more_rows and @four_rows (7, 9 and 4) share.

// CHECK-LABEL: llvm.func @one_row(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr) attributes
// CHECK-LABEL: llvm.func @three_rows(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr) attributes
// CHECK-LABEL: llvm.func @rows(
// CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr, %[[N:[a-z0-9]+]]: i64)
// CHECK: llvm.icmp "slt" %{{.*}}, %[[N]] : i64
// CHECK-NOT: llvm.func @more_rows(
// CHECK-NOT: llvm.func @four_rows(
// CHECK-LABEL: llvm.func @main(
// CHECK: llvm.call @one_row(%{{[a-z0-9]+}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @three_rows(%{{[a-z0-9]+}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @rows(%{{[a-z0-9]+}}, %{{[0-9]+}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @rows(%{{[a-z0-9]+}}, %{{[0-9]+}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @rows(%{{[a-z0-9]+}}, %{{[0-9]+}}) : (!llvm.ptr, i64) -> ()

llvm.func @one_row(%p: !llvm.ptr) attributes {seam.kernel} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(1 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @three_rows(%p: !llvm.ptr) attributes {seam.kernel} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(3 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @rows(%p: !llvm.ptr) attributes {seam.kernel} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(7 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @more_rows(%p: !llvm.ptr) attributes {seam.kernel} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(9 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @four_rows(%p: !llvm.ptr) attributes {seam.kernel} {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %n = llvm.mlir.constant(4 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %f = llvm.mlir.constant(1.0 : f32) : f32
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^bb2, ^bb3
^bb2:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

llvm.func @main(%x: !llvm.ptr) {
  llvm.call @one_row(%x) : (!llvm.ptr) -> ()
  llvm.call @three_rows(%x) : (!llvm.ptr) -> ()
  llvm.call @rows(%x) : (!llvm.ptr) -> ()
  llvm.call @more_rows(%x) : (!llvm.ptr) -> ()
  llvm.call @four_rows(%x) : (!llvm.ptr) -> ()
  llvm.return
}
