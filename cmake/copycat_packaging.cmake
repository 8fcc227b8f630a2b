# Installation and the Debian package (docs/deploy.md "Install (Debian package, systemd)"):
#
#   cmake --build build --target package      -> build/copycat_<version>_<arch>.deb
#
#   /usr/bin/copycat (and /usr/bin/copycat-cli when that target exists)
#   /usr/lib/copycat/plugins/*.so              the plugin libraries, the config's plugin.path
#   /etc/copycat/connect-distributed.properties   a conffile
#   /lib/systemd/system/copycat.service        deploy/systemd/
# The maintainer scripts (deploy/debian/) create the copycat user. Dependencies come from
# dpkg-shlibdeps (librdkafka, libpq, libssl, ...). The JVM is not one: it is loaded only when
# plugin.path holds jars.
#
# Needs `copycat_plugin_targets` (the plugin libraries of plugins/, without the tests' ones).
include_guard(GLOBAL)

install(TARGETS copycat RUNTIME DESTINATION bin)
if(TARGET copycat-cli)
  install(TARGETS copycat-cli RUNTIME DESTINATION bin)
endif()
install(TARGETS ${copycat_plugin_targets} LIBRARY DESTINATION lib/copycat/plugins)

# The distributed worker's example config with plugin.path pointing at the installed plugins.
file(READ ${PROJECT_SOURCE_DIR}/deploy/config/connect-distributed.properties _copycat_config)
string(REGEX REPLACE "\n# plugin.path=[^\n]*" "\nplugin.path=/usr/lib/copycat/plugins" _copycat_config
  "${_copycat_config}")
file(WRITE ${PROJECT_BINARY_DIR}/package/connect-distributed.properties "${_copycat_config}")
install(FILES ${PROJECT_BINARY_DIR}/package/connect-distributed.properties DESTINATION /etc/copycat)
install(FILES ${PROJECT_SOURCE_DIR}/deploy/systemd/copycat.service DESTINATION /lib/systemd/system)
file(WRITE ${PROJECT_BINARY_DIR}/package/conffiles "/etc/copycat/connect-distributed.properties\n")

# What the package holds, for building it without the tests (deploy/docker/Dockerfile).
add_custom_target(copycat-package-contents)
add_dependencies(copycat-package-contents copycat-runtime)
if(TARGET copycat-cli)
  add_dependencies(copycat-package-contents copycat-cli)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME copycat)
set(CPACK_PACKAGE_VENDOR Copycat)
set(CPACK_PACKAGE_CONTACT "Copycat <dev@copycat.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Kafka Connect worker in C++ (same REST API, topics and configs)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_WARN_ON_ABSOLUTE_INSTALL_DESTINATION OFF)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "passwd")  # useradd in postinst
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "openjdk-17-jre-headless")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  ${PROJECT_BINARY_DIR}/package/conffiles
  ${PROJECT_SOURCE_DIR}/deploy/debian/postinst
  ${PROJECT_SOURCE_DIR}/deploy/debian/prerm
  ${PROJECT_SOURCE_DIR}/deploy/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
