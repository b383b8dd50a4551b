# A component group is imported by its page id and its own id: <page_id>/<group_id>.
terraform import service_status_page_component_group.storage 27/9
