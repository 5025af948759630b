//===- LLVM.h - The MLIR and LLVM names Seam's compiler uses ---*- C++ -*-===//
//
// Seam has one namespace root, `seam` (the public API, the compiler, the
// dialects, the runtimes). The compiler's headers use the common MLIR and
// LLVM types unqualified, as MLIR's own code does in namespace mlir: this
// header brings those names into namespace seam (compare mlir/Support/LLVM.h,
// which does the same for LLVM's names in namespace mlir). Implementation
// files use `using namespace mlir;`.
//
// The public API headers (Session.h, Error.h, TensorIO.h) do not include it:
// they expose no LLVM or MLIR type.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_SUPPORT_LLVM_H
#define SEAM_SUPPORT_LLVM_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class AffineExpr;
class AffineMap;
class AsmParser;
class AsmPrinter;
class Block;
class ConversionTarget;
class DialectRegistry;
class ModuleOp;
class OpBuilder;
class OpPassManager;
class Pass;
class PatternRewriter;
class RewritePatternSet;
class RewriterBase;
class TypeConverter;
namespace arith {}
namespace bufferization {}
namespace func {
class FuncOp;
} // namespace func
namespace linalg {}
namespace LLVM {}
namespace memref {}
namespace scf {}
namespace tensor {}
namespace utils {}
namespace vector {}
} // namespace mlir

namespace seam {

// LLVM's names, as mlir/Support/LLVM.h has them.
using mlir::APFloat;
using mlir::APInt;
using mlir::ArrayRef;
using mlir::cast;
using mlir::cast_or_null;
using mlir::DenseMap;
using mlir::DenseSet;
using mlir::dyn_cast;
using mlir::dyn_cast_or_null;
using mlir::failed;
using mlir::failure;
using mlir::FailureOr;
using mlir::function_ref;
using mlir::isa;
using mlir::isa_and_nonnull;
using mlir::iterator_range;
using mlir::LogicalResult;
using mlir::MutableArrayRef;
using mlir::ParseResult;
using mlir::raw_ostream;
using mlir::SetVector;
using mlir::SmallPtrSet;
using mlir::SmallPtrSetImpl;
using mlir::SmallString;
using mlir::SmallVector;
using mlir::SmallVectorImpl;
using mlir::StringLiteral;
using mlir::StringRef;
using mlir::StringSet;
using mlir::StringSwitch;
using mlir::succeeded;
using mlir::success;
using mlir::Twine;
using mlir::TypeSwitch;

// MLIR's core IR.
using mlir::AffineExpr;
using mlir::AffineMap;
using mlir::AsmParser;
using mlir::AsmPrinter;
using mlir::Attribute;
using mlir::Block;
using mlir::BoolAttr;
using mlir::ConversionTarget;
using mlir::DenseElementsAttr;
using mlir::DenseI64ArrayAttr;
using mlir::DialectRegistry;
using mlir::FunctionType;
using mlir::InFlightDiagnostic;
using mlir::Location;
using mlir::MLIRContext;
using mlir::ModuleOp;
using mlir::OpBuilder;
using mlir::Operation;
using mlir::OpPassManager;
using mlir::Pass;
using mlir::PatternRewriter;
using mlir::RankedTensorType;
using mlir::RewritePatternSet;
using mlir::RewriterBase;
using mlir::ShapedType;
using mlir::StringAttr;
using mlir::Type;
using mlir::TypeConverter;
using mlir::TypeRange;
using mlir::Value;
using mlir::ValueRange;

// MLIR's dialect namespaces.
namespace arith = mlir::arith;
namespace bufferization = mlir::bufferization;
namespace func = mlir::func;
namespace linalg = mlir::linalg;
namespace LLVM = mlir::LLVM;
namespace memref = mlir::memref;
namespace scf = mlir::scf;
namespace tensor = mlir::tensor;
namespace utils = mlir::utils;
namespace vector = mlir::vector;

} // namespace seam

#endif // SEAM_SUPPORT_LLVM_H
