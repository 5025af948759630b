// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// TopK: step 1 counts, for each element, the elements before it along the
// axis (a reduction over the other position, d2): larger ones, and equal
// ones of lower index; step 2 picks, for result position r, the element
// whose count is r, and its index.
// CHECK-DAG: #[[SELF:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[OTHER:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func @top_k
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>)
// CHECK: %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<3x4xi64>
// CHECK: %[[RANK:.*]] = linalg.generic {indexing_maps = [#[[SELF]], #[[OTHER]], #[[SELF]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[X]] : tensor<3x4xf32>, tensor<3x4xf32>) outs(%[[ZERO]] : tensor<3x4xi64>)
// CHECK: ^bb0(%[[SELFV:.*]]: f32, %[[OTHERV:.*]]: f32, %[[COUNT:.*]]: i64):
// CHECK: arith.cmpf oeq, %[[OTHERV]], %[[SELFV]] : f32
// CHECK: arith.cmpf ogt, %[[OTHERV]], %[[SELFV]] : f32
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: arith.cmpi ult, %[[J]], %[[I]] : index
// CHECK: %[[ONE:.*]] = arith.extui %{{.*}} : i1 to i64
// CHECK: arith.addi %[[COUNT]], %[[ONE]] : i64
// CHECK: %[[PICK:.*]]:2 = linalg.generic {indexing_maps = [#[[OTHER]], #[[OTHER]], #[[SELF]], #[[SELF]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[RANK]] : tensor<3x4xf32>, tensor<3x4xi64>) outs(%{{.*}}, %{{.*}} : tensor<3x2xf32>, tensor<3x2xi64>)
// CHECK: ^bb0(%[[V:.*]]: f32, %[[R:.*]]: i64, %[[OUTV:.*]]: f32, %[[OUTI:.*]]: i64):
// CHECK: %[[SLOT:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %[[R]], %[[SLOT]] : i64
// CHECK: %[[POS:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: arith.select %[[HIT]], %[[V]], %[[OUTV]] : f32
// CHECK: arith.select %[[HIT]], %[[POS]], %[[OUTI]] : i64
// CHECK: return %[[PICK]]#0, %[[PICK]]#1
func.func @top_k(%x: tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>) {
  %v, %i = seam.top_k %x {k = 2 : i64, axis = 1 : i64} : (tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  return %v, %i : tensor<3x2xf32>, tensor<3x2xi64>
}

// -----

// Smallest first on integers: the other element comes before when smaller.
// CHECK-LABEL: func @top_k_smallest_int
// CHECK: ^bb0(%[[SELFV:.*]]: i32, %[[OTHERV:.*]]: i32, %{{.*}}: i64):
// CHECK: arith.cmpi slt, %[[OTHERV]], %[[SELFV]] : i32
// CHECK: arith.cmpi eq, %[[OTHERV]], %[[SELFV]] : i32
func.func @top_k_smallest_int(%x: tensor<5xi32>) -> tensor<2xi32> {
  %v, %i = seam.top_k %x {k = 2 : i64, largest = false} : (tensor<5xi32>) -> (tensor<2xi32>, tensor<2xi64>)
  return %v : tensor<2xi32>
}

// -----

// Rows longer than 128: a selection loop per row keeps the best k in order
// in the results. An element is kept when fewer than k are, or when it
// beats the k-th; its place is after every kept one it does not beat; the
// slots from there shift up by one.
// CHECK-LABEL: func @top_k_long_rows
// CHECK-SAME: (%[[X:.*]]: tensor<2x200xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[ROWS:.*]]:2 = scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<2x3xf32>, tensor<2x3xi64>)
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[V:.*]] = %{{.*}}, %[[IX:.*]] = %{{.*}}, %[[COUNT:.*]] = %{{.*}}) -> (tensor<2x3xf32>, tensor<2x3xi64>, index)
// CHECK: %[[XV:.*]] = tensor.extract %[[X]][%[[ROW]], %[[I]]] : tensor<2x200xf32>
// CHECK: %[[LAST:.*]] = tensor.extract %[[V]][%[[ROW]], %{{.*}}] : tensor<2x3xf32>
// CHECK: %[[NOTFULL:.*]] = arith.cmpi ult, %[[COUNT]], %{{.*}} : index
// CHECK: arith.cmpf ogt, %[[XV]], %[[LAST]] : f32
// CHECK: %[[KEEP:.*]] = arith.ori %[[NOTFULL]], %{{.*}} : i1
// CHECK: scf.if %[[KEEP]] -> (tensor<2x3xf32>, tensor<2x3xi64>, index)
// CHECK: %[[P:.*]] = scf.for %{{.*}} = %{{.*}} to %[[COUNT]] step
// CHECK: %[[MOVES:.*]] = arith.subi %{{.*}}, %[[P]] : index
// CHECK: %[[SHIFTED:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[MOVES]] step
// CHECK: %[[POS:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: tensor.insert %[[XV]] into %[[SHIFTED]]#0[%[[ROW]], %[[P]]] : tensor<2x3xf32>
// CHECK: tensor.insert %[[POS]] into %[[SHIFTED]]#1[%[[ROW]], %[[P]]] : tensor<2x3xi64>
// CHECK: arith.minui
// CHECK: return %[[ROWS]]#0, %[[ROWS]]#1
func.func @top_k_long_rows(%x: tensor<2x200xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
  %v, %i = seam.top_k %x {k = 3 : i64} : (tensor<2x200xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
  return %v, %i : tensor<2x3xf32>, tensor<2x3xi64>
}

// -----

// OneHot reads the index with the new axis dropped; a float index converts
// only when finite and below 2^62, a negative one wraps by depth.
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @one_hot_float
// CHECK-SAME: (%[[I:.*]]: tensor<3xf32>, %[[VALS:.*]]: tensor<2xi64>)
// CHECK: %[[OFF:.*]] = tensor.extract %[[VALS]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[ON:.*]] = tensor.extract %[[VALS]][%{{.*}}] : tensor<2xi64>
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}], {{.*}} ins(%[[I]] : tensor<3xf32>)
// CHECK: ^bb0(%[[K:.*]]: f32, %{{.*}}: i64):
// CHECK: %[[P:.*]] = linalg.index 1 : index
// CHECK: %[[ABS:.*]] = math.absf %[[K]] : f32
// CHECK: %[[OK:.*]] = arith.cmpf olt, %[[ABS]], %{{.*}} : f32
// CHECK: %[[SAFE:.*]] = arith.select %[[OK]], %[[K]], %{{.*}} : f32
// CHECK: %[[INT:.*]] = arith.fptosi %[[SAFE]] : f32 to i64
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[INT]], %{{.*}} : i64
// CHECK: %[[WRAP:.*]] = arith.addi %[[INT]], %{{.*}} : i64
// CHECK: %[[IDXV:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[INT]] : i64
// CHECK: %[[PI:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[IDXV]], %[[PI]] : i64
// CHECK: %[[HIT:.*]] = arith.andi %[[OK]], %[[EQ]] : i1
// CHECK: arith.select %[[HIT]], %[[ON]], %[[OFF]] : i64
func.func @one_hot_float(%i: tensor<3xf32>, %v: tensor<2xi64>) -> tensor<3x4xi64> {
  %0 = seam.one_hot %i, %v {depth = 4 : i64} : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

// An int32 index is sign-extended; the new axis goes first.
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @one_hot_int_axis0
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}]
// CHECK: %[[P:.*]] = linalg.index 0 : index
// CHECK: arith.extsi %{{.*}} : i32 to i64
func.func @one_hot_int_axis0(%i: tensor<3xi32>, %v: tensor<2xf32>) -> tensor<5x3xf32> {
  %0 = seam.one_hot %i, %v {depth = 5 : i64, axis = -2 : i64} : (tensor<3xi32>, tensor<2xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// GatherND with batch_dims 1: the batch index is shared, the tuple's one
// entry is read from the indices and clamped into data's dim 1.
// CHECK-LABEL: func @gather_nd
// CHECK-SAME: (%[[D:.*]]: tensor<2x3x4xf32>, %[[I:.*]]: tensor<2x5x1xi64>)
// CHECK: linalg.generic
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: %[[N:.*]] = linalg.index 1 : index
// CHECK: %[[K:.*]] = tensor.extract %[[I]][%[[B]], %[[N]], %{{.*}}] : tensor<2x5x1xi64>
// CHECK: arith.index_cast %[[K]] : i64 to index
// CHECK: %[[R:.*]] = arith.minsi
// CHECK: %[[T:.*]] = linalg.index 2 : index
// CHECK: tensor.extract %[[D]][%[[B]], %[[R]], %[[T]]] : tensor<2x3x4xf32>
func.func @gather_nd(%d: tensor<2x3x4xf32>, %i: tensor<2x5x1xi64>) -> tensor<2x5x4xf32> {
  %0 = seam.gather_nd %d, %i {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

// ScatterElements: an scf.for nest over the updates carries the data; the
// index replaces the axis coordinate (wrapped and clamped); f16 adds in f32.
// CHECK-LABEL: func @scatter_elements_add
// CHECK-SAME: (%[[D:.*]]: tensor<3x4xf16>, %[[I:.*]]: tensor<3x2xi64>, %[[U:.*]]: tensor<3x2xf16>)
// CHECK: %[[OUTER:.*]] = scf.for %[[A:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T0:.*]] = %[[D]]) -> (tensor<3x4xf16>)
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %[[T0]]) -> (tensor<3x4xf16>)
// CHECK: %[[UV:.*]] = tensor.extract %[[U]][%[[A]], %[[B]]] : tensor<3x2xf16>
// CHECK: %[[K:.*]] = tensor.extract %[[I]][%[[A]], %[[B]]] : tensor<3x2xi64>
// CHECK: %[[C:.*]] = arith.minsi
// CHECK: %[[OLD:.*]] = tensor.extract %[[T]][%[[A]], %[[C]]] : tensor<3x4xf16>
// CHECK: arith.extf %[[OLD]] : f16 to f32
// CHECK: arith.extf %[[UV]] : f16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[NEW:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: %[[INS:.*]] = tensor.insert %[[NEW]] into %[[T]][%[[A]], %[[C]]] : tensor<3x4xf16>
// CHECK: scf.yield %[[INS]]
// CHECK: return %[[OUTER]]
func.func @scatter_elements_add(%d: tensor<3x4xf16>, %i: tensor<3x2xi64>, %u: tensor<3x2xf16>) -> tensor<3x4xf16> {
  %0 = seam.scatter_elements %d, %i, %u {axis = 1 : i64, reduction = #seam<scatter_reduction add>} : (tensor<3x4xf16>, tensor<3x2xi64>, tensor<3x2xf16>) -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}

// -----

// Without reduction the update replaces the element.
// CHECK-LABEL: func @scatter_elements_none
// CHECK: %[[UV:.*]] = tensor.extract %{{.*}} : tensor<2xi1>
// CHECK-NOT: tensor.extract %{{.*}} : tensor<3xi1>
// CHECK: tensor.insert %[[UV]] into
func.func @scatter_elements_none(%d: tensor<3xi1>, %i: tensor<2xi32>, %u: tensor<2xi1>) -> tensor<3xi1> {
  %0 = seam.scatter_elements %d, %i, %u : (tensor<3xi1>, tensor<2xi32>, tensor<2xi1>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// ScatterND: the loops run over indices.shape[:-1] and the slice; the tuple
// gives the leading coordinates. Each reduction's combiner.
// CHECK-LABEL: func @scatter_nd_reductions
// CHECK-SAME: (%[[D:.*]]: tensor<3x4xi64>, %[[I:.*]]: tensor<2x1xi32>, %[[U:.*]]: tensor<2x4xi64>, %[[F:.*]]: tensor<3x4xf32>, %[[UF:.*]]: tensor<2x4xf32>)
// CHECK: scf.for %[[A:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step {{.*}} iter_args(%[[T:.*]] =
// CHECK: %[[UV:.*]] = tensor.extract %[[U]][%[[A]], %[[S]]] : tensor<2x4xi64>
// CHECK: %[[K:.*]] = tensor.extract %[[I]][%[[A]], %{{.*}}] : tensor<2x1xi32>
// CHECK: arith.index_cast %[[K]] : i32 to index
// CHECK: %[[R:.*]] = arith.minsi
// CHECK: %[[OLD:.*]] = tensor.extract %[[T]][%[[R]], %[[S]]] : tensor<3x4xi64>
// CHECK: %[[M:.*]] = arith.maxsi %[[OLD]], %[[UV]] : i64
// CHECK: tensor.insert %[[M]] into %[[T]][%[[R]], %[[S]]]
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i64
// CHECK: arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
func.func @scatter_nd_reductions(%d: tensor<3x4xi64>, %i: tensor<2x1xi32>, %u: tensor<2x4xi64>, %f: tensor<3x4xf32>, %uf: tensor<2x4xf32>) -> (tensor<3x4xi64>, tensor<3x4xi64>, tensor<3x4xi64>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = seam.scatter_nd %d, %i, %u {reduction = #seam<scatter_reduction max>} : (tensor<3x4xi64>, tensor<2x1xi32>, tensor<2x4xi64>) -> tensor<3x4xi64>
  %1 = seam.scatter_nd %d, %i, %u {reduction = #seam<scatter_reduction min>} : (tensor<3x4xi64>, tensor<2x1xi32>, tensor<2x4xi64>) -> tensor<3x4xi64>
  %2 = seam.scatter_nd %d, %i, %u {reduction = #seam<scatter_reduction mul>} : (tensor<3x4xi64>, tensor<2x1xi32>, tensor<2x4xi64>) -> tensor<3x4xi64>
  %3 = seam.scatter_nd %f, %i, %uf {reduction = #seam<scatter_reduction max>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  %4 = seam.scatter_nd %f, %i, %uf {reduction = #seam<scatter_reduction min>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  %5 = seam.scatter_nd %f, %i, %uf {reduction = #seam<scatter_reduction mul>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3x4xi64>, tensor<3x4xi64>, tensor<3x4xi64>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// A tuple that addresses single elements (m = rank): scalar updates.
// CHECK-LABEL: func @scatter_nd_elements
// CHECK: scf.for
// CHECK: tensor.extract %{{.*}} : tensor<2xf32>
// CHECK-COUNT-2: tensor.extract %{{.*}} : tensor<2x2xi64>
// CHECK: tensor.insert
func.func @scatter_nd_elements(%d: tensor<3x4xf32>, %i: tensor<2x2xi64>, %u: tensor<2xf32>) -> tensor<3x4xf32> {
  %0 = seam.scatter_nd %d, %i, %u : (tensor<3x4xf32>, tensor<2x2xi64>, tensor<2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
