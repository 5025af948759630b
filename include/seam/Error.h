//===- Error.h - Errors of Seam's C++ API -----------------------*- C++ -*-===//
//
// What the public API returns instead of throwing: plain C++17, no LLVM.
//
//   seam::Error err = session->run(inputs, outputs);
//   if (err) std::cerr << err.message() << "\n";      // true on failure
//
//   seam::Expected<std::unique_ptr<seam::Session>> s =
//   seam::Session::create(path); if (!s) std::cerr << s.error().message() <<
//   "\n"; // true with a value
//   (*s)->run(...);
//
// As with llvm::Error and llvm::Expected: an Error converts to true when it
// is a failure (`if (auto err = f()) return err;`), an Expected to true when
// it holds a value.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_ERROR_H
#define SEAM_ERROR_H

#include <cassert>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace seam {

/// Success, or a failure with a message saying what went wrong.
class [[nodiscard]] Error {
public:
  /// Success.
  Error() = default;
  static Error success() { return Error(); }
  /// A failure with `message`.
  static Error failure(std::string message) {
    Error error;
    error.failed = true;
    error.text = std::move(message);
    return error;
  }

  /// True on failure.
  explicit operator bool() const { return failed; }
  bool isFailure() const { return failed; }
  bool isSuccess() const { return !failed; }
  /// What went wrong (empty on success).
  const std::string &message() const { return text; }

private:
  bool failed = false;
  std::string text;
};

/// A value of type T, or the Error (a failure) that kept it from being made.
template <typename T> class [[nodiscard]] Expected {
  template <typename U>
  static constexpr bool isValue = std::is_constructible_v<T, U &&> &&
                                  !std::is_same_v<std::decay_t<U>, Error> &&
                                  !std::is_same_v<std::decay_t<U>, Expected>;

public:
  /// A value (anything T can be made from).
  template <typename U = T, std::enable_if_t<isValue<U>, int> = 0>
  Expected(U &&value)
      : storage(std::in_place_index<0>, std::forward<U>(value)) {}
  /// A failure; `error` must be one (a success is not a value).
  Expected(Error error)
      : storage(std::in_place_index<1>,
                error ? std::move(error)
                      : Error::failure("seam::Expected made from a success")) {
    assert(isFailureIndex() && "an Expected needs a value or a failure");
  }

  /// True when it holds a value.
  explicit operator bool() const { return storage.index() == 0; }

  T &operator*() & { return get(); }
  const T &operator*() const & { return get(); }
  T &&operator*() && { return std::move(get()); }
  T *operator->() { return &get(); }
  const T *operator->() const { return &get(); }

  /// The failure; a success when it holds a value.
  const Error &error() const {
    static const Error none;
    return storage.index() == 1 ? std::get<1>(storage) : none;
  }
  /// Moves the failure out (a success when it holds a value).
  Error takeError() {
    return storage.index() == 1 ? std::move(std::get<1>(storage)) : Error();
  }

private:
  bool isFailureIndex() const { return storage.index() == 1; }
  T &get() {
    assert(storage.index() == 0 && "no value: check the Expected first");
    return std::get<0>(storage);
  }
  const T &get() const {
    assert(storage.index() == 0 && "no value: check the Expected first");
    return std::get<0>(storage);
  }

  std::variant<T, Error> storage;
};

} // namespace seam

#endif // SEAM_ERROR_H
