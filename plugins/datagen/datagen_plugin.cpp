// The entry point of the copycat-datagen plugin library. The worker's alias rules register the
// class also as "DatagenConnector" and "Datagen".
#include "copycat/plugin.hpp"
#include "datagen/datagen_configs.hpp"
#include "datagen/datagen_connector.hpp"

COPYCAT_PLUGIN(copycat::describe_plugin<copycat::datagen::datagen_connector>(
    "io.copycat.connect.datagen.DatagenConnector", copycat::datagen::plugin_version))
