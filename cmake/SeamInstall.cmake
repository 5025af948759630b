#===- cmake/SeamInstall.cmake - libseam.so, the install tree, the CMake package -===#
#
# Included by the top-level CMakeLists.txt once every target is defined:
#
#   libseam.so (target SeamShared, exported as Seam::Session): the Session
#       API (seam/Session.h, seam/Error.h, seam/TensorIO.h, seam/Version.h:
#       C++17, no LLVM/MLIR header) for other projects. It holds the objects
#       of SeamSession and of every Seam library and runtime beneath it --
#       all of them, as a whole archive would, so the backends and their
#       runtimes are all there -- and links Debian's shared libMLIR/libLLVM,
#       ONNX, protobuf, oneDNN, XNNPACK and libgomp. It exports seam:: and
#       the runtimes' C entry points seam_* (with the pthreadpool API of the
#       XNNPACK runtime and the MLIR singletons it must share with
#       libMLIR.so: cmake/libseam.map), so that the LLVM/MLIR code inside is
#       not part of its ABI. The tools and tests keep linking the static
#       libraries.
#
#   cmake --install build --prefix P
#       P/include/seam/   the public headers
#       P/lib/libseam.so* (RUNPATH $ORIGIN and LLVM's library folder)
#       P/bin/            seam-opt, seam-translate, seam-run
#       P/lib/cmake/Seam/ SeamConfig.cmake, SeamConfigVersion.cmake,
#                         SeamTargets.cmake (Seam::Session, Seam::seam-run, ...)
#
# The static Seam libraries are not installed (LLVM_INSTALL_TOOLCHAIN_ONLY,
# set by the top-level CMakeLists.txt, keeps add_mlir_library from doing so),
# nor are the tests and benchmarks.
#
#===----------------------------------------------------------------------===#

include(CMakePackageConfigHelpers)

# Installed programs and libseam.so find their libraries in the prefix first,
# then in LLVM's folder (libMLIR.so is not in the loader's default path).
set(SEAM_INSTALL_RPATH_BIN "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR}" "${LLVM_LIBRARY_DIR}")
set(SEAM_INSTALL_RPATH_LIB "\$ORIGIN" "${LLVM_LIBRARY_DIR}")
set(SEAM_CMAKE_PACKAGE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/Seam")

#===----------------------------------------------------------------------===#
# libseam.so
#===----------------------------------------------------------------------===#

# Adds to the shared library `target` the objects of `root` and of every
# library beneath it that this project builds (add_mlir_library's object
# library obj.<name>, or the runtimes' static libraries), and links `root`
# itself privately: that brings the rest (MLIR, onnx_proto, oneDNN, OpenMP,
# ...), each found in the scope that named it, while the static Seam
# archives on the link line add nothing (their objects are all there).
function(seam_embed_libraries target root)
  set(pending ${root})
  set(seen "")
  set(objects "")
  while(pending)
    list(POP_FRONT pending lib)
    if(lib IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${lib})
    if(TARGET obj.${lib})
      list(APPEND objects "$<TARGET_OBJECTS:obj.${lib}>")
    else()
      list(APPEND objects "$<TARGET_OBJECTS:${lib}>")
    endif()
    get_target_property(deps ${lib} LINK_LIBRARIES)
    get_target_property(interface_deps ${lib} INTERFACE_LINK_LIBRARIES)
    foreach(dep IN LISTS deps interface_deps)
      # $<LINK_ONLY:x> (a static library's private dependency) is x.
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" dep "${dep}")
      # This project's targets are visible everywhere; imported ones
      # (MLIR, OpenMP::OpenMP_CXX, onnx_proto) are not ours anyway.
      if(dep AND TARGET ${dep})
        get_target_property(imported ${dep} IMPORTED)
        get_target_property(type ${dep} TYPE)
        if(NOT imported AND type STREQUAL "STATIC_LIBRARY")
          list(APPEND pending ${dep})
        endif()
      endif()
    endforeach()
  endwhile()
  target_sources(${target} PRIVATE ${objects})
  target_link_libraries(${target} PRIVATE ${root})
  list(JOIN seen ", " embedded)
  message(STATUS "libseam.so embeds: ${embedded}")
endfunction()

if(SEAM_BUILD_SHARED_LIBRARY)
  add_library(SeamShared SHARED)
  seam_embed_libraries(SeamShared SeamSession)
  set(_seam_public_headers
    ${PROJECT_SOURCE_DIR}/include/seam/Error.h
    ${PROJECT_SOURCE_DIR}/include/seam/Session.h
    ${PROJECT_SOURCE_DIR}/include/seam/TensorIO.h
    ${PROJECT_BINARY_DIR}/include/seam/Version.h)
  set(_seam_version_script ${PROJECT_SOURCE_DIR}/cmake/libseam.map)
  set_target_properties(SeamShared PROPERTIES
    OUTPUT_NAME seam
    EXPORT_NAME Session
    VERSION ${PROJECT_VERSION}
    # Before 1.0 every minor version may change the ABI.
    SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
    LINKER_LANGUAGE CXX
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib
    INSTALL_RPATH "${SEAM_INSTALL_RPATH_LIB}"
    # The same RUNPATH in the build tree (not CMake's build RUNPATH padded
    # with empty entries, which would search the current directory).
    BUILD_WITH_INSTALL_RPATH ON
    PUBLIC_HEADER "${_seam_public_headers}"
    LINK_DEPENDS ${_seam_version_script})
  target_link_options(SeamShared PRIVATE
    "LINKER:--version-script=${_seam_version_script}"
    # Every symbol resolved when the library is made, not when it is loaded.
    "LINKER:-z,defs")
  target_include_directories(SeamShared INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(SeamShared INTERFACE cxx_std_17)
  add_library(Seam::Session ALIAS SeamShared)

  install(TARGETS SeamShared EXPORT SeamTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/seam)
endif()

#===----------------------------------------------------------------------===#
# The tools
#===----------------------------------------------------------------------===#
# The build tree's programs get the same RUNPATH (what llvm_setup_rpath gave
# them), not one padded with an empty entry to the install RUNPATH's length.
foreach(tool seam-opt seam-translate seam-run)
  set_target_properties(${tool} PROPERTIES
    INSTALL_RPATH "${SEAM_INSTALL_RPATH_BIN}"
    BUILD_WITH_INSTALL_RPATH ON)
  install(TARGETS ${tool} EXPORT SeamTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endforeach()

#===----------------------------------------------------------------------===#
# The CMake package: find_package(Seam 0.4 REQUIRED CONFIG)
#===----------------------------------------------------------------------===#
install(EXPORT SeamTargets
  NAMESPACE Seam::
  DESTINATION ${SEAM_CMAKE_PACKAGE_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/SeamConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/SeamConfig.cmake
  INSTALL_DESTINATION ${SEAM_CMAKE_PACKAGE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/SeamConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  # 0.x: a new minor version may break the API (0.4 does not accept 0.5).
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/SeamConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/SeamConfigVersion.cmake
  DESTINATION ${SEAM_CMAKE_PACKAGE_DIR})
