import { createCloudClient, unwrap } from 'cloud-platform-api';

const client = createCloudClient(); // reads GCORE_API_KEY, and GCORE_BASE_URL (default https://api.gcore.com)
const video = await unwrap(client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }));
console.log(video.name, video.status);
