// The component schemas of the OpenAPI document: Kafka Connect's REST entities as its Jackson
// writes them (docs/rest-api.md#entities), and Copycat's additions. Kept as JSON text, parsed once.
#include "rest/handlers/openapi_schemas.hpp"

namespace copycat::rest::handlers {
namespace {

constexpr std::string_view schemas_text = R"json({
  "ErrorMessage": {
    "type": "object",
    "description": "Every error answer (Kafka: ConnectExceptionMapper).",
    "required": ["error_code", "message"],
    "properties": {
      "error_code": {"type": "integer", "description": "The HTTP status again", "example": 404},
      "message": {"type": "string", "example": "Connector c1 not found"}
    }
  },
  "ServerInfo": {
    "type": "object",
    "properties": {
      "version": {"type": "string"},
      "commit": {"type": "string"},
      "kafka_cluster_id": {"type": "string"}
    }
  },
  "WorkerStatus": {
    "type": "object",
    "properties": {
      "status": {"type": "string", "enum": ["healthy", "starting", "unhealthy"]},
      "message": {"type": "string"}
    }
  },
  "ConnectorConfig": {
    "type": "object",
    "description": "Connector settings; every value is a string.",
    "additionalProperties": {"type": "string"},
    "example": {"connector.class": "FileStreamSource", "tasks.max": "1", "file": "/tmp/test.txt",
                "topic": "connect-test"}
  },
  "ConfigPatch": {
    "type": "object",
    "description": "Settings to change; a null value removes the key.",
    "additionalProperties": {"type": "string", "nullable": true}
  },
  "CreateConnectorRequest": {
    "type": "object",
    "required": ["name", "config"],
    "properties": {
      "name": {"type": "string"},
      "config": {"$ref": "#/components/schemas/ConnectorConfig"},
      "initial_state": {"type": "string", "enum": ["RUNNING", "PAUSED", "STOPPED"], "nullable": true,
                        "description": "Case-insensitive (KIP-980); RUNNING when absent."}
    },
    "example": {"name": "local-file-source", "config": {"connector.class": "FileStreamSource", "tasks.max": "1",
                "file": "/tmp/test.txt", "topic": "connect-test"}}
  },
  "ConnectorTaskId": {
    "type": "object",
    "properties": {"connector": {"type": "string"}, "task": {"type": "integer"}}
  },
  "ConnectorType": {"type": "string", "enum": ["source", "sink", "unknown"]},
  "ConnectorInfo": {
    "type": "object",
    "properties": {
      "name": {"type": "string"},
      "config": {"$ref": "#/components/schemas/ConnectorConfig"},
      "tasks": {"type": "array", "items": {"$ref": "#/components/schemas/ConnectorTaskId"}},
      "type": {"$ref": "#/components/schemas/ConnectorType"}
    }
  },
  "State": {"type": "string", "enum": ["UNASSIGNED", "RUNNING", "PAUSED", "STOPPED", "FAILED", "RESTARTING"]},
  "ConnectorState": {
    "type": "object",
    "properties": {
      "state": {"$ref": "#/components/schemas/State"},
      "worker_id": {"type": "string"},
      "trace": {"type": "string", "description": "Only when the connector failed"}
    }
  },
  "TaskState": {
    "type": "object",
    "properties": {
      "id": {"type": "integer"},
      "state": {"$ref": "#/components/schemas/State"},
      "worker_id": {"type": "string"},
      "trace": {"type": "string", "description": "Only when the task failed"}
    }
  },
  "ConnectorStateInfo": {
    "type": "object",
    "properties": {
      "name": {"type": "string"},
      "connector": {"$ref": "#/components/schemas/ConnectorState"},
      "tasks": {"type": "array", "items": {"$ref": "#/components/schemas/TaskState"}},
      "type": {"$ref": "#/components/schemas/ConnectorType"}
    }
  },
  "ExpandedConnectors": {
    "type": "object",
    "description": "Connector name -> the expansions asked for.",
    "additionalProperties": {
      "type": "object",
      "properties": {
        "status": {"$ref": "#/components/schemas/ConnectorStateInfo"},
        "info": {"$ref": "#/components/schemas/ConnectorInfo"}
      }
    }
  },
  "ConnectorList": {
    "oneOf": [{"$ref": "#/components/schemas/Names"}, {"$ref": "#/components/schemas/ExpandedConnectors"}]
  },
  "TaskInfo": {
    "type": "object",
    "properties": {
      "id": {"$ref": "#/components/schemas/ConnectorTaskId"},
      "config": {"$ref": "#/components/schemas/ConnectorConfig"}
    }
  },
  "ConnectorOffset": {
    "type": "object",
    "properties": {
      "partition": {"type": "object", "additionalProperties": true,
                    "description": "Source: the connector's partition; sink: kafka_topic and kafka_partition"},
      "offset": {"type": "object", "additionalProperties": true, "nullable": true,
                 "description": "Source: the connector's offset; sink: kafka_offset. null (PATCH) resets it."}
    }
  },
  "ConnectorOffsets": {
    "type": "object",
    "properties": {
      "offsets": {"type": "array", "items": {"$ref": "#/components/schemas/ConnectorOffset"}}
    },
    "example": {"offsets": [{"partition": {"filename": "/tmp/test.txt"}, "offset": {"position": 30}}]}
  },
  "Message": {
    "type": "object",
    "properties": {"message": {"type": "string"}},
    "example": {"message": "The offsets for this connector have been altered successfully"}
  },
  "ActiveTopics": {
    "type": "object",
    "description": "Connector name -> the topics it used since its topics were last reset.",
    "additionalProperties": {
      "type": "object",
      "properties": {"topics": {"type": "array", "items": {"type": "string"}}}
    }
  },
  "PluginInfo": {
    "type": "object",
    "properties": {
      "class": {"type": "string"},
      "type": {"type": "string",
               "enum": ["source", "sink", "converter", "header_converter", "transformation", "predicate"]},
      "version": {"type": "string", "description": "Left out when undefined"}
    }
  },
  "ConfigKeyInfo": {
    "type": "object",
    "properties": {
      "name": {"type": "string"},
      "type": {"type": "string"},
      "required": {"type": "boolean"},
      "default_value": {"type": "string", "nullable": true},
      "importance": {"type": "string"},
      "documentation": {"type": "string"},
      "group": {"type": "string", "nullable": true},
      "order_in_group": {"type": "integer"},
      "width": {"type": "string"},
      "display_name": {"type": "string"},
      "dependents": {"type": "array", "items": {"type": "string"}}
    }
  },
  "ConfigValueInfo": {
    "type": "object",
    "properties": {
      "name": {"type": "string"},
      "value": {"type": "string", "nullable": true},
      "recommended_values": {"type": "array", "items": {"type": "string"}},
      "errors": {"type": "array", "items": {"type": "string"}},
      "visible": {"type": "boolean"}
    }
  },
  "ConfigInfos": {
    "type": "object",
    "properties": {
      "name": {"type": "string", "description": "The connector class"},
      "error_count": {"type": "integer"},
      "groups": {"type": "array", "items": {"type": "string"}},
      "configs": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "definition": {"allOf": [{"$ref": "#/components/schemas/ConfigKeyInfo"}], "nullable": true},
            "value": {"$ref": "#/components/schemas/ConfigValueInfo"}
          }
        }
      }
    }
  },
  "LoggerLevel": {
    "type": "object",
    "properties": {
      "level": {"type": "string", "example": "INFO"},
      "last_modified": {"type": "integer", "format": "int64", "nullable": true,
                        "description": "Epoch milliseconds of the last change through REST; null if never"}
    }
  },
  "LoggerLevels": {
    "type": "object",
    "description": "Logger name -> its level.",
    "additionalProperties": {"$ref": "#/components/schemas/LoggerLevel"}
  },
  "LoggerLevelRequest": {
    "type": "object",
    "required": ["level"],
    "properties": {"level": {"type": "string", "example": "DEBUG"}}
  },
  "Names": {"type": "array", "items": {"type": "string"}}
})json";

}  // namespace

const json::value& openapi_schemas() {
    static const json::value schemas = [] {
        auto parsed = json::parse(schemas_text);
        return parsed ? std::move(*parsed) : json::value::make_object();
    }();
    return schemas;
}

}  // namespace copycat::rest::handlers
